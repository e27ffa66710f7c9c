import { describe, expect, it } from "vitest";
import { containsPattern, pageOf } from "./search.ts";

describe("containsPattern", () => {
  it("matches the text anywhere, wildcards taken literally", () => {
    expect(containsPattern("ann")).toBe("%ann%");
    expect(containsPattern("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
    expect(containsPattern("'; drop table users; --")).toBe("%'; drop table users; --%");
  });
});

describe("pageOf", () => {
  const at = (n: number) => ({ at: new Date(Date.UTC(2026, 0, n)) });
  it("answers a next cursor only when a row was left over", () => {
    expect(pageOf([at(3), at(2)], 2, (r) => r.at)).toEqual({ rows: [at(3), at(2)], next: null });
    expect(pageOf([at(3), at(2), at(1)], 2, (r) => r.at)).toEqual({
      rows: [at(3), at(2)],
      next: "2026-01-02T00:00:00.000Z",
    });
  });
});
