import { endianness } from "node:os";
import type { Readable } from "node:stream";
import { MediaError } from "./errors.ts";
import { lastLines } from "./probe.ts";
import { spawnFfmpeg } from "./spawn.ts";

export interface RunOptions {
  /** Expected output duration, to turn ffmpeg's out_time into a fraction. */
  durationMs?: number;
  /** Called with a fraction 0..1, never decreasing, 1 at the end. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Bytes, or a stream of them, written to ffmpeg's stdin (for an input of `pipe:0`). */
  input?: Uint8Array | Readable;
  /** Reads ffmpeg's fd 3 (an output of `pipe:3`), e.g. decoded audio; runFfmpeg waits for it too. */
  output?: (stream: Readable) => Promise<unknown>;
}

/** The global flags runFfmpeg puts before the caller's arguments. */
const GLOBAL_ARGS = [
  "-hide_banner",
  "-nostdin",
  "-y",
  "-nostats",
  "-loglevel",
  "error",
  "-progress",
  "pipe:1",
];

/**
 * Pure: reads one `-progress` block line ("key=value"). Returns the output time in ms for out_time_us /
 * out_time_ms (both are microseconds in ffmpeg), "end" for progress=end, or null.
 */
export function parseProgressLine(line: string): number | "end" | null {
  const eq = line.indexOf("=");
  if (eq < 0) return null;
  const key = line.slice(0, eq).trim();
  const value = line.slice(eq + 1).trim();
  if (key === "progress" && value === "end") return "end";
  if (key === "out_time_us" || key === "out_time_ms") {
    const us = Number(value);
    return Number.isFinite(us) && us >= 0 ? us / 1000 : null;
  }
  return null;
}

/**
 * Runs ffmpeg with `args` (inputs, filters, outputs), every input a local file or a pipe. Resolves when ffmpeg exits 0. Throws MediaError
 * ffmpeg_failed (with ffmpeg's last stderr lines) or aborted (the process is killed).
 */
export function runFfmpeg(args: string[], opts: RunOptions = {}): Promise<void> {
  const { output } = opts;
  if (!output) return runProcess(args, opts);
  // a reader that fails stops ffmpeg (which would otherwise block on the full pipe), and the first
  // failure is the one reported
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  if (opts.signal?.aborted) stop.abort();
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  let read: Promise<unknown> = Promise.resolve();
  const ran = runProcess(args, {
    ...opts,
    signal: stop.signal,
    // called at the spawn, before runProcess returns
    onOutput: (stream) => {
      read = output(stream).catch((err) => {
        stop.abort();
        throw err;
      });
    },
  });
  return Promise.allSettled([ran, read]).then(([r, o]) => {
    opts.signal?.removeEventListener("abort", onAbort);
    const stoppedByReader = r.status === "rejected" && r.reason?.code === "aborted" && !opts.signal?.aborted;
    if (r.status === "rejected" && !(stoppedByReader && o.status === "rejected")) throw r.reason;
    if (o.status === "rejected") throw o.reason;
  });
}

function runProcess(
  args: string[],
  opts: RunOptions & { onOutput?: (stream: Readable) => void },
): Promise<void> {
  const { durationMs, onProgress, signal, input, onOutput } = opts;
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new MediaError("aborted", "ffmpeg aborted"));
      return;
    }
    const child = spawnFfmpeg([...GLOBAL_ARGS, ...args], {
      stdio: [input ? "pipe" : "ignore", "pipe", "pipe", ...(onOutput ? (["pipe"] as const) : [])],
    });
    if (onOutput) onOutput(child.stdio[3] as Readable);
    if (input && child.stdin) {
      child.stdin.on("error", () => {}); // EPIPE when ffmpeg exits early: its exit code tells why
      if (input instanceof Uint8Array) child.stdin.end(input);
      else {
        input.on("error", () => child.kill("SIGKILL")); // a failed read fails the run
        input.pipe(child.stdin);
        child.on("close", () => input.destroy());
      }
    }
    let stderr = "";
    let pending = "";
    let last = 0;
    let aborted = false;
    const report = (f: number) => {
      const v = Math.min(1, f);
      if (v > last) {
        last = v;
        onProgress?.(v);
      }
    };
    // stdout and stderr are pipes (stdio above)
    const out = child.stdout as Readable;
    const err = child.stderr as Readable;
    out.setEncoding("utf8");
    out.on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const p = parseProgressLine(line);
        if (p === "end") report(1);
        else if (p !== null && durationMs && durationMs > 0) report(p / durationMs);
      }
    });
    err.setEncoding("utf8");
    err.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-8192);
    });
    const onAbort = () => {
      aborted = true;
      child.kill("SIGKILL");
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    child.on("error", (err) => {
      signal?.removeEventListener("abort", onAbort);
      reject(new MediaError("ffmpeg_failed", `cannot run ffmpeg: ${err.message}`, { cause: err }));
    });
    child.on("close", (code, sig) => {
      signal?.removeEventListener("abort", onAbort);
      if (aborted) reject(new MediaError("aborted", "ffmpeg aborted"));
      else if (code === 0) {
        report(1);
        resolve();
      } else
        reject(
          new MediaError(
            "ffmpeg_failed",
            `ffmpeg failed (${code ?? sig}): ${lastLines(stderr) || "no error output"}`,
          ),
        );
    });
  });
}

/**
 * Pure: little-endian float32 bytes, in chunks, as samples: each chunk copied straight into the samples'
 * memory (a float may straddle two chunks; trailing bytes short of a float are dropped), then the bytes
 * of each float swapped on a big-endian machine. Each chunk is let go once copied: with the samples, the
 * bytes are held at most twice.
 */
export function floatsFromChunks(chunks: Uint8Array[], bigEndian = endianness() === "BE"): Float32Array {
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const samples = new Float32Array(Math.floor(total / 4));
  const bytes = new Uint8Array(samples.buffer);
  let at = 0;
  for (let i = 0; i < chunks.length && at < bytes.length; i++) {
    const chunk = chunks[i]!;
    bytes.set(chunk.subarray(0, bytes.length - at), at);
    at += chunk.length;
    chunks[i] = EMPTY;
  }
  if (bigEndian) Buffer.from(samples.buffer).swap32();
  return samples;
}

const EMPTY = new Uint8Array(0);

/** Runs ffmpeg whose output is raw float32 samples on `pipe:3`; answers them. */
export async function ffmpegSamples(
  args: string[],
  opts: Omit<RunOptions, "output"> = {},
): Promise<Float32Array> {
  const chunks: Buffer[] = [];
  await runFfmpeg(args, {
    ...opts,
    output: async (stream) => {
      for await (const chunk of stream) chunks.push(chunk as Buffer);
    },
  });
  return floatsFromChunks(chunks);
}
