import { describe, expect, it } from "vitest";
import { withValue } from "./SpeakerStyleFields.tsx";

describe("withValue", () => {
  const measured = { pitchHz: 120, rangeSt: 4, syllablesPerSec: 4.5 };
  it("sets the user's value, or removes it (back to the measure), keeping the rest", () => {
    expect(withValue({ match: true, measured }, "pitchHz", 150)).toEqual({
      match: true,
      measured,
      pitchHz: 150,
    });
    expect(withValue({ match: true, measured, pitchHz: 150 }, "pitchHz", undefined)).toEqual({
      match: true,
      measured,
    });
    expect(withValue({ match: false, syllablesPerSec: 5 }, "pitchHz", 90)).toEqual({
      match: false,
      syllablesPerSec: 5,
      pitchHz: 90,
    });
  });
});
