// Stage 3: the mix brought to the loudness target with its true peak under the ceiling, in place.
import { type NormalizeResult, normalizeFile } from "../../mix/normalize.ts";
import { MIX_RATE } from "../../mix/rate.ts";

export const DEFAULT_TARGET_LUFS = -16;
export const DEFAULT_CEILING_DBTP = -1.5;

export function normalizeMix(
  mixFile: string,
  channels: number,
  opts: {
    targetLufs?: number;
    ceilingDbtp?: number;
    concurrency: number;
    onProgress?: (fraction: number) => void;
  },
): Promise<NormalizeResult> {
  return normalizeFile(mixFile, channels, MIX_RATE, {
    targetLufs: opts.targetLufs ?? DEFAULT_TARGET_LUFS,
    ceilingDbtp: opts.ceilingDbtp ?? DEFAULT_CEILING_DBTP,
    parts: opts.concurrency,
    onProgress: opts.onProgress,
  });
}
