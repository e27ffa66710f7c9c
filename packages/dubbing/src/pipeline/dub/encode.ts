// Stage 4: AAC on every core, muxed with the video stream copied, and the encoded audio measured. If its
// true peak passes the limit (the encoder can overshoot on transients), the mix is lowered (see
// overshootFix) and encoded again, three attempts at most. The check decodes the AAC into the
// measurement through a pipe while the mux runs: no decoded file is written and read back.
import { mkdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { AAC_DELAY, encodeAac } from "../../media/aac.ts";
import { decodeAudioArgs, muxArgs } from "../../media/args.ts";
import { runFfmpeg } from "../../media/run.ts";
import { trackLanguage } from "../../media/track-language.ts";
import { gatedLoudness, peakDb } from "../../mix/loudness.ts";
import { overshootFix } from "../../mix/normalize.ts";
import { gainFile, measureStream } from "../../mix/pcmfile.ts";
import { MIX_RATE } from "../../mix/rate.ts";
import type { EncodedLoudness, StageProgress } from "./types.ts";

/** The encoded file's true peak must not pass this (dBTP): −1 with a little margin for rounding. */
export const MAX_ENCODED_TP = -1.05;
const SUB = MIX_RATE / 10;

export interface EncodeInput {
  video: string;
  mixFile: string;
  channels: number;
  output: string;
  /** The dub's language (an app code): its audio track is tagged with it. */
  language?: string;
  /** Holds the AAC stream (removed). */
  workDir: string;
  concurrency: number;
  signal?: AbortSignal;
  onProgress?: StageProgress;
}

/** The mix → AAC → `output` (MP4, video copied), within the peak ceiling; returns the encoded loudness. */
export async function encodeWithinCeiling(input: EncodeInput): Promise<EncodedLoudness> {
  const { mixFile, channels, signal } = input;
  await mkdir(dirname(input.output), { recursive: true });
  const aacFile = join(input.workDir, "audio.aac");
  let encoded: EncodedLoudness = {
    lufs: Number.NaN,
    truePeakDb: Number.NaN,
    coder: "fast",
    attempts: 0,
    lowered: [],
  };
  let decodedPeaks: Float32Array | null = null;
  try {
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (attempt > 1) {
        const fix = overshootFix(
          encoded.truePeakDb,
          MAX_ENCODED_TP,
          attempt === 2 ? decodedPeaks : null,
          SUB,
          MIX_RATE,
        );
        encoded.lowered.push(typeof fix === "number" ? "all" : "around peaks");
        await gainFile(mixFile, channels, MIX_RATE, fix);
      }
      await encodeAac(mixFile, channels, MIX_RATE, aacFile, {
        parts: input.concurrency,
        signal,
        onProgress: (f) => input.onProgress?.(Math.min(1, (attempt - 1 + f) / 2) * 0.9),
      });
      // the MP4's audio is this AAC stream copied: it is decoded into the measurement while the mux runs
      // (without the encoder's priming samples, which the MP4's edit list hides)
      const [, m] = await Promise.all([
        runFfmpeg(
          muxArgs(
            { file: aacFile, sampleRate: MIX_RATE, delaySamples: AAC_DELAY },
            input.video,
            input.output,
            input.language && trackLanguage(input.language),
          ),
          { signal },
        ),
        measureEncoded(aacFile, channels, input.concurrency, signal),
      ]);
      decodedPeaks = m.blockPeaks;
      encoded = {
        ...encoded,
        lufs: Math.round(gatedLoudness(m.energy as Float64Array, SUB) * 100) / 100,
        truePeakDb: Math.round(peakDb(m.peak) * 100) / 100,
        attempts: attempt,
      };
      if (encoded.truePeakDb <= MAX_ENCODED_TP) break;
    }
  } finally {
    await rm(aacFile, { force: true });
  }
  return encoded;
}

/** The AAC decoded (priming left out) straight into the loudness and true-peak measurement. */
async function measureEncoded(aacFile: string, channels: number, parts: number, signal?: AbortSignal) {
  let m: Awaited<ReturnType<typeof measureStream>> | undefined;
  await runFfmpeg(decodeAudioArgs(aacFile, "pipe:3", MIX_RATE, channels), {
    signal,
    output: async (pcm) => {
      m = await measureStream(pcm, channels, MIX_RATE, {
        ...{ block: SUB, peak: true, blockPeaks: true, parts },
        skipFrames: AAC_DELAY,
      });
    },
  });
  if (!m) throw new Error("the encoded audio was not measured");
  return m;
}
