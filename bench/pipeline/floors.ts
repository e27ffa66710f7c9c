// The floors a render's encode stage is compared with, measured in the same run on the same streams: a
// plain ffmpeg AAC encode of the dub's audio (the pipeline's encoder settings, one process, from a file)
// and a plain copy-mux of that AAC with the original's video.
import { execFileSync } from "node:child_process";
import { createReadStream } from "node:fs";
import { join } from "node:path";
import { aacEncodeArgs } from "../../packages/dubbing/src/media/args.ts";
import { runFfmpeg } from "../../packages/dubbing/src/media/run.ts";

export interface Floors {
  aacEncodeMs: number;
  copyMuxMs: number;
}

export async function renderFloors(original: string, dubbed: string, dir: string): Promise<Floors> {
  const [rate, channels] = execFileSync(
    "ffprobe",
    [
      "-v",
      "error",
      "-select_streams",
      "a:0",
      "-show_entries",
      "stream=sample_rate,channels",
      "-of",
      "csv=p=0",
      dubbed,
    ],
    { encoding: "utf8" },
  )
    .trim()
    .split(",")
    .map(Number) as [number, number];
  const pcm = join(dir, "floor.f32");
  const aac = join(dir, "floor.aac");
  // not timed: the audio the encode stage had as its input
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-i",
    dubbed,
    "-map",
    "0:a:0",
    "-f",
    "f32le",
    "-ac",
    String(channels),
    "-ar",
    String(rate),
    pcm,
  ]);
  let t = performance.now();
  await runFfmpeg(aacEncodeArgs(rate, channels, aac), { input: createReadStream(pcm) });
  const aacEncodeMs = performance.now() - t;
  t = performance.now();
  const muxed = join(dir, "floor.mp4");
  await runFfmpeg([
    "-f",
    "aac",
    "-i",
    aac,
    "-i",
    original,
    "-map",
    "1:v:0",
    "-map",
    "0:a:0",
    "-c",
    "copy",
    "-f",
    "mp4",
    muxed,
  ]);
  const copyMuxMs = performance.now() - t;
  return { aacEncodeMs, copyMuxMs };
}
