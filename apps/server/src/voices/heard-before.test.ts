import type { MyVoice } from "@dubbing/contract";
import { SAME_VOICE_DISTANCE } from "@dubbing/dubbing";
import { describe, expect, it } from "vitest";
import { voiceOffers } from "./heard-before.ts";

/** A fingerprint: 19 means then 19 spreads (all 1). */
const print = (mean: number) => [...Array(19).fill(mean), ...Array(19).fill(1)];
const voice = (id: string, projectId: string | null, value = `en-US-${id}`): MyVoice => ({
  id,
  kind: "preset",
  name: id,
  voice: value,
  style: { match: true },
  source: projectId ? { projectId, speakerId: "speaker-1" } : null,
  saved: true,
  provider: null,
  createdAt: "2026-01-01T00:00:00.000Z",
});

describe("voiceOffers", () => {
  const speakers = [
    { id: "speaker-1", selectedVoice: "en-US-Ava", voiceprint: print(0) },
    { id: "speaker-2", selectedVoice: "en-US-Andrew", voiceprint: print(5) },
    { id: "speaker-3", selectedVoice: "en-US-Brian", voiceprint: undefined },
  ];

  it("offers each speaker the closest voice under the threshold, and nothing far", () => {
    const offers = voiceOffers("p2", speakers, [
      { voice: voice("near", "p1"), voiceprint: print(0.2) },
      { voice: voice("nearest", null), voiceprint: print(0.1) },
      { voice: voice("far", "p1"), voiceprint: print(2) },
      { voice: voice("unmeasured", "p1"), voiceprint: null },
    ]);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ speakerId: "speaker-1", voice: { id: "nearest" } });
    expect(offers[0]!.distance).toBeLessThan(SAME_VOICE_DISTANCE);
  });

  it("never offers a voice saved from the same project, nor the voice the speaker has", () => {
    expect(
      voiceOffers("p1", speakers, [
        { voice: voice("own", "p1"), voiceprint: print(0) },
        { voice: voice("same", "p9", "en-US-Ava"), voiceprint: print(0) },
      ]),
    ).toEqual([]);
  });
});
