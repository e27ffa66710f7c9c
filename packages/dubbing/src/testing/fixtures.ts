// Test helpers: a temp dir per test file and tiny media fixtures generated with ffmpeg.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
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

/** A test-pattern H.264 + AAC MP4 with a tone, `seconds` long, 320x240 at 25 fps. */
export function makeTestVideo(file: string, seconds = 2, opts: { audio?: boolean } = {}): string {
  const audio = opts.audio ?? true;
  ffmpegSync([
    "-f",
    "lavfi",
    "-i",
    `testsrc=size=320x240:rate=25:duration=${seconds}`,
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
