import { describe, expect, it } from "vitest";
import { isAcceptedFile, TAGLINES, WAITING_FAQ } from "./content.ts";

describe("new project content", () => {
  it("has three taglines and three FAQ entries", () => {
    expect(TAGLINES).toHaveLength(3);
    expect(WAITING_FAQ).toHaveLength(3);
  });
  it("accepts videos and the three extensions", () => {
    expect(isAcceptedFile({ name: "a.MP4", type: "" })).toBe(true);
    expect(isAcceptedFile({ name: "a.ogg", type: "" })).toBe(true);
    expect(isAcceptedFile({ name: "a.mov", type: "video/quicktime" })).toBe(true);
    expect(isAcceptedFile({ name: "a.png", type: "image/png" })).toBe(false);
    for (const name of ["a.mov", "a.AVI", "a.wmv"]) expect(isAcceptedFile({ name, type: "" })).toBe(true);
  });
});
