import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseBody } from "./validate.ts";

describe("parseBody", () => {
  const schema = z.object({ name: z.string(), scope: z.string().optional() });

  it("refuses a NUL character anywhere, naming where (PostgreSQL's text cannot hold one)", () => {
    expect(() => parseBody(schema, { name: "key\u0000" })).toThrow(
      "Invalid name: Text cannot contain a NUL character.",
    );
    expect(() => parseBody(z.unknown(), { a: [{ b: "x\u0000" }] })).toThrow("Invalid a.0.b:");
    expect(() => parseBody(z.unknown(), { "k\u0000": 1 })).toThrow("Invalid k\u0000:");
  });

  it("passes what fits and names the first bad field otherwise", () => {
    expect(parseBody(schema, { name: "ci", scope: "read" })).toEqual({ name: "ci", scope: "read" });
    expect(() => parseBody(schema, { name: 1 })).toThrow(/^Invalid name:/);
  });
});
