import type { MyVoice } from "@dubbing/contract";
import { describe, expect, it } from "vitest";
import { describeMyVoice, styleFromMyVoice } from "./my-voices.ts";

const voice = (style: MyVoice["style"]): MyVoice => ({
  id: "v",
  kind: "preset",
  name: "Narrator",
  voice: "en-US-AvaMultilingualNeural",
  style,
  source: null,
  saved: true,
  provider: null,
  createdAt: "2026-01-01T00:00:00.000Z",
});

describe("my voices", () => {
  const measured = { pitchHz: 200, rangeSt: 4, syllablesPerSec: 5 };
  it("replaces the speaker's settings with the voice's, keeping the speaker's measures", () => {
    expect(
      styleFromMyVoice(voice({ match: true, pitchHz: 150 }), { match: false, measured, syllablesPerSec: 3 }),
    ).toEqual({ match: true, pitchHz: 150, measured });
    expect(styleFromMyVoice(voice({ match: false }), undefined)).toEqual({ match: false });
  });
  it("says how a voice speaks", () => {
    expect(describeMyVoice(voice({ match: true, pitchHz: 150, syllablesPerSec: 4.5 }), "Ava")).toBe(
      "Ava · 150 Hz, 4.5 syllables/s",
    );
    expect(describeMyVoice(voice({ match: true }), "Ava")).toBe("Ava · matches the speaker");
    expect(describeMyVoice(voice({ match: false }), "Ava")).toBe("Ava · its own pitch and pace");
  });
});
