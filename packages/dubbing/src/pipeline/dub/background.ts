// What the dub plays under its lines: the project's separated background ("keep"; its stems made now if
// it has none), the original ducked when it cannot be separated or was asked for, or nothing.
import { join } from "node:path";
import type { EngineRegistry } from "../../engines/registry.ts";
import { stemsFor } from "../../separate/stems.ts";
import type { prepareDub } from "./prepare.ts";
import type { BackgroundMode, DubReport } from "./types.ts";
import { heardSpeech, unlinedSpeech, unlinedWarning } from "./unlined.ts";

export interface Background {
  background: BackgroundMode;
  /** The file decoded under the lines: the background stem, or the video itself. */
  source: string;
  stems: { background: string; voice: string } | null;
  /** Whether a separation was attempted (its time is the dub's `separate` timing). */
  separated: boolean;
  separation: DubReport["separation"];
  /** Ducked: the original's speech that no line covers (ducked as well, never heard at full level). */
  unlined: DubReport["unlinedSpeech"];
  warnings: string[];
}

export async function chooseBackground(
  video: string,
  prep: Awaited<ReturnType<typeof prepareDub>>,
  opts: {
    registry: EngineRegistry;
    requested: BackgroundMode;
    duckDb: number;
    workDir: string;
    stemsDir?: string;
    separationEngine?: string;
    signal?: AbortSignal;
    onProgress: (fraction: number) => void;
  },
): Promise<Background> {
  const { requested, duckDb, signal } = opts;
  const { segments, channels, durationMs } = prep;
  const chosen: Background = {
    ...{ background: requested, source: video, stems: null, separated: false },
    ...{ separation: undefined, unlined: undefined, warnings: [] },
  };
  if (requested === "keep" && prep.hasAudio) {
    chosen.separated = true;
    opts.onProgress(0);
    try {
      const stems = await stemsFor(video, opts.stemsDir ?? join(opts.workDir, "stems"), {
        ...{ registry: opts.registry, channels, durationMs, prefer: opts.separationEngine, signal },
        speech: segments.map((s) => ({ start: s.start, end: s.end })),
        onProgress: opts.onProgress,
      });
      chosen.source = stems.background;
      chosen.stems = stems;
      chosen.separation = { requested, engine: stems.engine };
    } catch (err) {
      if (signal?.aborted) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      chosen.background = "duck";
      chosen.separation = { requested, engine: null, reason };
      chosen.warnings.push(`the original was ducked by ${duckDb} dB instead of kept separated: ${reason}`);
    }
  }
  if (chosen.background === "duck" && prep.hasAudio) {
    const heard = await heardSpeech(video, {
      ...{ stemsDir: opts.stemsDir, workDir: opts.workDir, durationMs, signal },
    });
    chosen.unlined = unlinedSpeech(heard, segments);
    if (chosen.unlined.length) chosen.warnings.push(unlinedWarning(chosen.unlined, duckDb));
  }
  return chosen;
}
