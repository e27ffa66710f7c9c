import { MediaError } from "./errors.ts";
import { type ProbeResult, runFfprobe } from "./probe.ts";

// A header can claim anything: a picture renamed .mp4 has a "video stream", the first 30 % of a faststart
// MP4 claims the whole duration. Two cheap reads check the claim against the streams: the first video
// frame decodes, and packets exist in the last seconds (a seek by the index, then a few packets).

/** How far before the claimed end the tail read starts. */
const TAIL_SECONDS = 2;

/** What the streams said: whether a video frame decoded, the packets of the tail, the container's start. */
export interface StreamReading {
  firstFrame: boolean;
  tail: { pts: number; duration: number }[];
  startSeconds: number;
}

/** ffmpeg's demuxers of still pictures: image2 and the `*_pipe` family (png_pipe, jpeg_pipe …). */
const IMAGE_FORMAT = /(^|,)(image2|[a-z0-9]+_pipe)(,|$)/;

/**
 * Pure: the duration in milliseconds the streams confirm, or a MediaError saying why the file is not a
 * usable video: a picture, a video track with no frame, or a file cut off before its claimed end.
 */
export function judgeStreams(probed: ProbeResult, reading: StreamReading): number {
  if (IMAGE_FORMAT.test(probed.formatName) || probed.durationMs <= 0)
    throw new MediaError("image", "the file is a still picture, not a video");
  if (!reading.firstFrame) throw new MediaError("no_frames", "the video stream has no frame that decodes");
  if (reading.tail.length === 0)
    throw new MediaError("truncated", "no packets near the claimed end: the file is cut off");
  const endMs = Math.round(
    (Math.max(...reading.tail.map((p) => p.pts + p.duration)) - reading.startSeconds) * 1000,
  );
  // The header's duration when the streams reach it; the streams' own end when they stop earlier.
  return endMs > 0 ? Math.min(probed.durationMs, endMs) : probed.durationMs;
}

interface RawReading {
  frames?: { pts_time?: string }[];
  packets?: { pts_time?: string; duration_time?: string }[];
  format?: { start_time?: string };
}

/** Reads the first video frame and the tail's packets with ffprobe (milliseconds for most files). */
export async function readStreams(
  file: string,
  probed: ProbeResult,
  signal?: AbortSignal,
): Promise<StreamReading> {
  const from = Math.max(0, probed.durationMs / 1000 - TAIL_SECONDS).toFixed(3);
  const [head, tail] = await Promise.all([
    runFfprobe(
      ["-v", "error", "-select_streams", "v:0", "-read_intervals", "%+#1"].concat([
        "-show_entries",
        "frame=pts_time",
        "-of",
        "json",
        "-i",
        file,
      ]),
      signal,
    ),
    runFfprobe(
      ["-v", "error", "-read_intervals", `${from}%`, "-show_entries"].concat([
        "packet=pts_time,duration_time:format=start_time",
        "-of",
        "json",
        "-i",
        file,
      ]),
      signal,
    ),
  ]);
  const h = JSON.parse(head) as RawReading;
  const t = JSON.parse(tail) as RawReading;
  return {
    firstFrame: (h.frames ?? []).length > 0,
    tail: (t.packets ?? [])
      .map((p) => ({ pts: Number(p.pts_time), duration: Number(p.duration_time) || 0 }))
      .filter((p) => Number.isFinite(p.pts)),
    startSeconds: Number(t.format?.start_time) || 0,
  };
}

/** The file's duration as its streams confirm it; throws MediaError image, no_frames or truncated. */
export async function verifiedDurationMs(file: string, probed: ProbeResult, signal?: AbortSignal) {
  return judgeStreams(probed, await readStreams(file, probed, signal));
}
