import { describe, expect, it } from "vitest";
import { greetingFor } from "./use-rotation.ts";

describe("greetingFor", () => {
  it("moves each slot to the next greeting every step and wraps", () => {
    const items = ["a", "b", "c"];
    expect(greetingFor(items, 0, 0)).toBe("a");
    expect(greetingFor(items, 0, 1)).toBe("b");
    expect(greetingFor(items, 0, 3)).toBe("a");
    expect(greetingFor(items, 1, 0)).toBe("c");
  });
});
