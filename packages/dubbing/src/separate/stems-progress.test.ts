// separateStems reports through every step, not only the engine's: the decode before it and the FLAC
// encodes after it grow with the video (tens of seconds for an hour) and said nothing before.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EngineRegistry } from "../engines/registry.ts";
import { tempDir } from "../testing/fixtures.ts";
import { createSpectralSeparator } from "./spectral.ts";
import { SHARES, separateStems } from "./stems.ts";

describe("separateStems' progress", () => {
  const tmp = tempDir("dub-stems-progress-");
  afterAll(() => tmp.cleanup());

  it("reports during the decode and the FLAC encodes, rising to 1", async () => {
    const video = join(tmp.dir, "tone.mp4");
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=220:duration=20"],
      ...["-f", "lavfi", "-i", "anoisesrc=c=pink:a=0.05:d=20", "-filter_complex", "[0][1]amix=inputs=2"],
      ...["-ac", "2", "-c:a", "aac", video],
    ]);
    const seen: number[] = [];
    // how many reports came before the engine started and by the time it ended
    const spectral = createSpectralSeparator();
    let before = -1;
    let during = -1;
    const engine = {
      ...spectral,
      separate: async (input: Parameters<typeof spectral.separate>[0]) => {
        before = seen.length;
        const r = await spectral.separate(input);
        during = seen.length;
        return r;
      },
    };
    mkdirSync(join(tmp.dir, "stems"));
    await separateStems(video, join(tmp.dir, "stems"), {
      registry: new EngineRegistry().register(engine),
      channels: 2,
      durationMs: 20_000,
      speech: [{ start: 1000, end: 9000 }],
      onProgress: (f) => seen.push(f),
    });
    expect(before).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(during);
    expect(seen.slice(0, before).every((f) => f <= SHARES.decode)).toBe(true);
    expect(seen.slice(during).every((f) => f >= SHARES.engine)).toBe(true);
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((f, i) => i === 0 || f >= seen[i - 1]!)).toBe(true);
  });
});
