import { describe, expect, it } from "vitest";
import { presetStyle } from "./preset.ts";

describe("presetStyle", () => {
  const measured = { pitchHz: 118.4, rangeSt: 5, syllablesPerSec: 4.46 };
  it("keeps what the voice speaks at: the user's values first, else the measures", () => {
    expect(presetStyle({ match: true, measured })).toEqual({
      match: true,
      pitchHz: 118,
      syllablesPerSec: 4.5,
    });
    expect(presetStyle({ match: true, measured, pitchHz: 150 })).toEqual({
      match: true,
      pitchHz: 150,
      syllablesPerSec: 4.5,
    });
  });
  it("keeps an unmatched voice unmatched, and a speaker never measured matching", () => {
    expect(presetStyle({ match: false, measured, pitchHz: 150 })).toEqual({ match: false });
    expect(presetStyle(undefined)).toEqual({ match: true });
    expect(presetStyle({ match: true })).toEqual({ match: true });
  });
  it("clamps measures outside what a user may set", () => {
    expect(presetStyle({ match: true, measured: { pitchHz: 30, rangeSt: 1, syllablesPerSec: 12 } })).toEqual({
      match: true,
      pitchHz: 50,
      syllablesPerSec: 9,
    });
  });
});
