// Test helpers: a temp dir per test file and tiny media fixtures generated with ffmpeg.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function tempDir(prefix = "dub-test-"): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function ffmpegSync(args: string[]): void {
  execFileSync("ffmpeg", ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", ...args], {
    stdio: ["ignore", "ignore", "pipe"],
  });
}

/** A test-pattern H.264 + AAC MP4 with a tone, `seconds` long, 320x240 (or `size`) at 25 fps. */
export function makeTestVideo(
  file: string,
  seconds = 2,
  opts: { audio?: boolean; size?: string } = {},
): string {
  const audio = opts.audio ?? true;
  ffmpegSync([
    "-f",
    "lavfi",
    "-i",
    `testsrc=size=${opts.size ?? "320x240"}:rate=25:duration=${seconds}`,
    ...(audio ? ["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`] : []),
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    ...(audio ? ["-c:a", "aac", "-b:a", "64k"] : []),
    file,
  ]);
  return file;
}

/** Real speech: the five LibriVox recordings of Debian's pocketsphinx-testdata, 24.7 s together. */
export const LIBRIVOX_DIR = "/usr/share/pocketsphinx/test/data/librivox";

/**
 * A Matroska video (H.264 test pattern + Vorbis) of the LibriVox speech, `repeat` times over. Written
 * with ffmpeg, so its Segment Duration is true until setMatroskaDuration changes it.
 */
export function makeSpeechMkv(file: string, repeat = 1): string {
  const wavs = readdirSync(LIBRIVOX_DIR)
    .filter((f) => f.endsWith(".wav"))
    .sort()
    .map((f) => join(LIBRIVOX_DIR, f));
  const inputs = Array.from({ length: repeat }, () => wavs).flat();
  ffmpegSync([
    ...inputs.flatMap((w) => ["-i", w]),
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=160x120:rate=10",
    "-filter_complex",
    `${inputs.map((_, i) => `[${i}:a]`).join("")}concat=n=${inputs.length}:v=0:a=1[a]`,
    "-map",
    `${inputs.length}:v`,
    "-map",
    "[a]",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "libvorbis",
    "-shortest",
    file,
  ]);
  return file;
}

/**
 * Rewrites the Segment Duration element of a Matroska file ffmpeg wrote (ID 0x4489, an 8-byte float in
 * milliseconds) to claim `seconds`: the header lies, the clusters are unchanged.
 */
export function setMatroskaDuration(input: string, output: string, seconds: number): string {
  const bytes = readFileSync(input);
  const at = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (at < 0) throw new Error(`${input} has no 8-byte Duration element`);
  bytes.writeDoubleBE(seconds * 1000, at + 3);
  writeFileSync(output, bytes);
  return output;
}
