import { describe, expect, it } from "vitest";
import { checkGlossary } from "./glossary.ts";

describe("checkGlossary", () => {
  const miss = [{ term: "Acme Cloud", expected: "Acme Nube" }];
  it("fails a line whose term is missing", () => {
    const f = checkGlossary("La nube de Acme es rápida.", miss);
    expect(f).toMatchObject({ check: "glossary", status: "fail", value: 1 });
    expect(f.message).toContain('"Acme Nube"');
  });
  it("clears a line edited to hold the term, and a line without misses", () => {
    expect(checkGlossary("Acme  nube es rápida.", miss).status).toBe("ok");
    expect(checkGlossary("Hola.", []).status).toBe("ok");
  });
});
