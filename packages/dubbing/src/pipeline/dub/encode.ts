// Stage 4: AAC on every core, muxed with the video stream copied, and the encoded audio measured. If its
// true peak passes the limit (the encoder can overshoot on transients), the mix is lowered (see
// overshootFix) and encoded again, three attempts at most. The check decodes the AAC into the
// measurement through a pipe while the mux runs: no decoded file is written and read back.
import { mkdir, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline, Transform } from "node:stream";
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
/** The share of the stage's progress each of the three attempts fills. */
const ATTEMPT_SPANS = [
  [0, 0.75],
  [0.75, 0.9],
  [0.9, 1],
] as const;

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
  // the measurement's progress: the encoded audio decodes to as many bytes as the mix (float32, its
  // rate and channels)
  const pcmBytes = (await stat(mixFile)).size;
  try {
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (attempt > 1) {
        const fix = overshootFix(encoded.truePeakDb, MAX_ENCODED_TP, {
          peaks: attempt === 2 ? decodedPeaks : null,
          block: SUB,
          sampleRate: MIX_RATE,
        });
        encoded.lowered.push(typeof fix === "number" ? "all" : "around peaks");
        await gainFile(mixFile, channels, MIX_RATE, fix);
      }
      // an attempt is its encode (first half) and its mux and measurement (second half); the first
      // attempt, usually the only one, fills most of the stage
      const [a, b] = ATTEMPT_SPANS[attempt - 1]!;
      const step = (from: number) => (f: number) => input.onProgress?.(a + (b - a) * (from + f / 2));
      await encodeAac(mixFile, aacFile, {
        channels,
        sampleRate: MIX_RATE,
        parts: input.concurrency,
        signal,
        onProgress: step(0),
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
        measureEncoded(aacFile, channels, {
          ...{ parts: input.concurrency, signal, pcmBytes },
          onProgress: step(0.5),
        }),
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

/**
 * The AAC decoded (priming left out) straight into the loudness and true-peak measurement; its progress
 * is the share of the decoded bytes the measurement has read.
 */
async function measureEncoded(
  aacFile: string,
  channels: number,
  o: { parts: number; pcmBytes: number; signal?: AbortSignal; onProgress: StageProgress },
) {
  const { parts, signal } = o;
  let m: Awaited<ReturnType<typeof measureStream>> | undefined;
  await runFfmpeg(decodeAudioArgs(aacFile, "pipe:3", MIX_RATE, channels), {
    signal,
    output: async (pcm) => {
      // pipeline: a decode that fails or stops early ends the measurement's read with an error
      const counted = pipeline(pcm, readProgress(o.pcmBytes, o.onProgress), () => {});
      m = await measureStream(counted, channels, MIX_RATE, {
        ...{ block: SUB, peak: true, blockPeaks: true, parts },
        skipFrames: AAC_DELAY,
      });
    },
  });
  if (!m) throw new Error("the encoded audio was not measured");
  return m;
}

/**
 * A pass-through that reports the share of `total` bytes read so far, each time it grows by a hundredth
 * at least (100 reports at most).
 */
export function readProgress(total: number, onProgress: StageProgress): Transform {
  let read = 0;
  let told = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      read += chunk.length;
      const f = total > 0 ? Math.min(1, read / total) : 0;
      if (f - told >= 0.01) {
        told = f;
        onProgress(f);
      }
      done(null, chunk);
    },
  });
}
