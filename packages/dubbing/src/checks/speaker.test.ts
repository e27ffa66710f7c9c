import { describe, expect, it } from "vitest";
import { speakerFits, stats } from "../diarize/local.ts";
import { checkSpeaker, SPEAKER_MARGIN } from "./speaker.ts";

const name = (id: string) => ({ a: "Ana", b: "Ben" })[id] ?? id;

/** Frames around `mu` with a spread of 1 in every dimension (deterministic). */
function voice(mu: number, n: number) {
  return stats(
    Array.from({ length: n }, (_, i) =>
      Float64Array.from({ length: 4 }, (_, d) => mu + Math.sin(i * 7.1 + d * 3.3)),
    ),
  )!;
}

describe("checkSpeaker", () => {
  it("flags a line another speaker's voice explains clearly better, naming them", () => {
    const f = checkSpeaker(
      [
        { speaker: "b", fit: -10 },
        { speaker: "a", fit: -15 },
      ],
      "a",
      name,
    );
    expect(f).toMatchObject({ check: "speaker", status: "warn", speaker: "b", value: 5 });
    expect(f.message).toBe("This line sounds like Ben, not Ana.");
  });

  it("keeps a line its own speaker fits best, or another only within the margin", () => {
    const own = checkSpeaker(
      [
        { speaker: "a", fit: -10 },
        { speaker: "b", fit: -30 },
      ],
      "a",
      name,
    );
    expect(own).toMatchObject({ status: "ok", value: 0 });
    expect(own.speaker).toBeUndefined();
    const close = checkSpeaker(
      [
        { speaker: "b", fit: -10 },
        { speaker: "a", fit: -10 - SPEAKER_MARGIN + 0.5 },
      ],
      "a",
      name,
    );
    expect(close.status).toBe("ok");
  });

  it("is skipped when the line is too short, or there is no other speaker", () => {
    expect(checkSpeaker([], "a", name).status).toBe("skipped");
    expect(checkSpeaker([{ speaker: "a", fit: -3 }], "a", name).status).toBe("skipped");
    expect(checkSpeaker([{ speaker: "b", fit: -3 }], "a", name)).toMatchObject({
      status: "skipped",
      message: "Ana has no other line to compare the voice with.",
    });
  });

  it("decides from the voices: a line of b's voice given to a sounds like b", () => {
    const items = [voice(0, 200), voice(6, 200), voice(0, 200), voice(6, 40), voice(6, 200)];
    const labels = ["a", "b", "a", "a", "b"];
    const wrong = checkSpeaker(speakerFits(items, labels, 3), "a", name);
    expect(wrong).toMatchObject({ status: "warn", speaker: "b" });
    for (const i of [0, 1, 2, 4])
      expect(checkSpeaker(speakerFits(items, labels, i), labels[i]!, name).status).toBe("ok");
  });
});
