// AAC encoding on every core. ffmpeg's AAC encoder is single-threaded (about 2.4 CPU-s per channel for
// 5 minutes of audio), so the mix is cut at AAC frame boundaries into one piece per core, the pieces are
// encoded at once and their ADTS frames joined. Each piece after the first is encoded with a few frames
// of pre-roll and every piece but the last with a few frames of tail, and only the frames in between are
// kept: each kept frame was coded from the same samples and neighbours as in one long encode, so the
// MDCT overlap (time-domain alias cancellation) and the window choices agree across the joins.
import { createReadStream } from "node:fs";
import { open, readFile, rm, stat } from "node:fs/promises";
import { aacEncodeArgs } from "./args.ts";
import { MediaError } from "./errors.ts";
import { runFfmpeg } from "./run.ts";

/** Samples per AAC-LC frame (per channel). */
export const AAC_FRAME = 1024;
/** ffmpeg's AAC encoder emits one frame of priming before the first input sample. */
export const AAC_DELAY = 1024;

interface AacPiece {
  /** Input range, in samples per channel. */
  from: number;
  to: number;
  /** Encoded frames to drop at the start (the pre-roll), then how many to keep (null: all the rest). */
  skip: number;
  take: number | null;
}

/**
 * Pure: how to cut `samples` (per channel) into at most `parts` pieces of at least `minSamples` each,
 * with `preroll` and `tail` frames of overlap. Piece k keeps the encoded frames of global frame indexes
 * [M_k, M_k+1) of one long encode (index 0 is the priming frame).
 */
export function aacPieces(
  samples: number,
  parts: number,
  opts: { preroll?: number; tail?: number; minSamples?: number } = {},
): AacPiece[] {
  const { preroll = 4, tail = 2, minSamples = 20 * 44_100 } = opts;
  const frames = Math.ceil(samples / AAC_FRAME);
  const n = Math.max(1, Math.min(Math.floor(parts), Math.floor(samples / minSamples)));
  if (n === 1) return [{ from: 0, to: samples, skip: 0, take: null }];
  const bounds = Array.from({ length: n + 1 }, (_, k) => Math.round((frames * k) / n));
  return bounds.slice(0, n).map((m, k) => {
    const pre = k === 0 ? 0 : Math.min(preroll, m);
    const last = k === n - 1;
    return {
      from: (m - pre) * AAC_FRAME,
      to: last ? samples : Math.min(samples, ((bounds[k + 1] as number) + tail) * AAC_FRAME),
      skip: pre,
      take: last ? null : (bounds[k + 1] as number) - m,
    };
  });
}

/** Pure: the frames of an ADTS stream (each with its header). Throws on a lost sync word. */
export function adtsFrames(buf: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let o = 0;
  while (o < buf.length) {
    if (o + 7 > buf.length || buf[o] !== 0xff || ((buf[o + 1] as number) & 0xf6) !== 0xf0)
      throw new MediaError("ffmpeg_failed", `not an ADTS frame at byte ${o}`);
    const len =
      (((buf[o + 3] as number) & 0x03) << 11) | ((buf[o + 4] as number) << 3) | ((buf[o + 5] as number) >> 5);
    if (len < 7 || o + len > buf.length)
      throw new MediaError("ffmpeg_failed", `truncated ADTS frame at byte ${o}`);
    out.push(buf.subarray(o, o + len));
    o += len;
  }
  return out;
}

/**
 * Encodes a raw interleaved float32 file to one ADTS AAC file, in `parts` pieces at once, each streamed
 * from its range of the file. The result is the stream one long encode would give (same frame count,
 * priming frame first, see AAC_DELAY), with frames coded independently on each side of a join.
 */
export interface AacEncode {
  /** The raw file's layout. */
  channels: number;
  sampleRate: number;
  /** Pieces encoded at once (1: one encode). */
  parts?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export async function encodeAac(pcmFile: string, output: string, opts: AacEncode): Promise<void> {
  const { channels, sampleRate } = opts;
  const frameBytes = channels * 4;
  const samples = Math.floor((await stat(pcmFile)).size / frameBytes);
  const pieces = aacPieces(samples, opts.parts ?? 1, { minSamples: 20 * sampleRate });
  const done = pieces.map(() => 0);
  const total = pieces.reduce((sum, p) => sum + p.to - p.from, 0);
  const files = pieces.map((_p, k) => (pieces.length === 1 ? output : `${output}.${k}.part`));
  // one failed piece stops the others
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const settled = await Promise.allSettled(
      pieces.map((p, k) => {
        const input =
          p.to > p.from
            ? createReadStream(pcmFile, { start: p.from * frameBytes, end: p.to * frameBytes - 1 })
            : new Uint8Array(0);
        return runFfmpeg(aacEncodeArgs(sampleRate, channels, files[k] as string), {
          input,
          durationMs: ((p.to - p.from) / sampleRate) * 1000,
          signal: stop.signal,
          onProgress: (f) => {
            done[k] = f * (p.to - p.from);
            opts.onProgress?.(done.reduce((a, b) => a + b, 0) / total);
          },
        }).catch((err) => {
          stop.abort();
          throw err;
        });
      }),
    );
    // the first failure, not the "aborted" of the pieces it stopped
    const failed = settled.filter((r) => r.status === "rejected").map((r) => r.reason);
    if (failed.length) throw failed.find((e) => e?.code !== "aborted") ?? failed[0];
    if (pieces.length === 1) return;
    // the kept frames of each piece are one run of its bytes: appended a piece at a time
    const out = await open(output, "w");
    try {
      for (const [k, p] of pieces.entries()) {
        const buf = await readFile(files[k] as string);
        const frames = adtsFrames(buf);
        const take = p.take ?? frames.length - p.skip;
        if (take <= 0) continue;
        if (frames.length < p.skip + take)
          throw new MediaError(
            "ffmpeg_failed",
            `AAC piece ${k} has ${frames.length} frames, expected ${p.skip + take}`,
          );
        const first = frames[p.skip] as Uint8Array;
        const last = frames[p.skip + take - 1] as Uint8Array;
        await out.writeFile(
          buf.subarray(first.byteOffset - buf.byteOffset, last.byteOffset - buf.byteOffset + last.length),
        );
      }
    } finally {
      await out.close();
    }
  } finally {
    opts.signal?.removeEventListener("abort", onAbort);
    stop.abort();
    if (pieces.length > 1) await Promise.all(files.map((f) => rm(f, { force: true })));
  }
}
