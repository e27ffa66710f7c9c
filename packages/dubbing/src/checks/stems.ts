// The stems under each line: the background and the voice stems decoded once to 8 kHz mono float files
// (an hour is 115 MB each on disk, never in memory), then read a line's slot at a time.
import { open, rm } from "node:fs/promises";
import { join } from "node:path";
import { runFfmpeg } from "../media/run.ts";

export const STEM_CHECK_RATE = 8000;

export interface StemWindows {
  /** The background and voice samples under [start, end) ms of the original's timeline. */
  read(start: number, end: number): Promise<{ background: Float32Array; voice: Float32Array }>;
  close(): Promise<void>;
}

async function decode(file: string, out: string, signal?: AbortSignal) {
  const args = ["-i", file, "-ac", "1", "-ar", String(STEM_CHECK_RATE), "-f", "f32le", out];
  await runFfmpeg(args, { signal });
}

/** The two stems, decoded for reading by window. */
export async function stemWindows(
  stems: { background: string; voice: string },
  workDir: string,
  signal?: AbortSignal,
): Promise<StemWindows> {
  const files = [join(workDir, "check-background.f32"), join(workDir, "check-voice.f32")] as const;
  await Promise.all([decode(stems.background, files[0], signal), decode(stems.voice, files[1], signal)]);
  const handles = await Promise.all(files.map((f) => open(f, "r")));
  const readOne = async (i: 0 | 1, start: number, end: number) => {
    const from = Math.max(0, Math.floor((start / 1000) * STEM_CHECK_RATE));
    const n = Math.max(0, Math.floor((end / 1000) * STEM_CHECK_RATE) - from);
    const buf = Buffer.alloc(n * 4);
    const { bytesRead } = await handles[i]!.read(buf, 0, buf.length, from * 4);
    return new Float32Array(buf.buffer, buf.byteOffset, Math.floor(bytesRead / 4)).slice();
  };
  return {
    async read(start, end) {
      const [background, voice] = await Promise.all([readOne(0, start, end), readOne(1, start, end)]);
      return { background, voice };
    },
    async close() {
      await Promise.all(handles.map((h) => h.close()));
      await Promise.all(files.map((f) => rm(f, { force: true })));
    },
  };
}
