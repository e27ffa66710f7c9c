import type { Readable } from "node:stream";
import { MediaError } from "./errors.ts";
import { inputArgs, type ProbedFile } from "./input.ts";
import { type ProbeResult, runFfprobe } from "./probe.ts";
import { spawnFfprobe } from "./spawn.ts";

// A header can claim anything, in both directions: a picture renamed .mp4 has a "video stream", the first
// 30 % of a faststart MP4 claims the whole duration, a Matroska Duration element says 1 s over 42 s of
// speech. The streams decide. The first video frame must decode, and the duration is where the packets
// really end: read from the last keyframe the index knows (a seek far past any end), or, when the
// container cannot seek there or has no index (Ogg), from a scan of every packet (no decoding). Neither
// read uses the header's duration; both stop at the caller's signal (the upload's timeout).

/** A seek target past the end of any video (seconds): the demuxer lands on its last indexed keyframe. */
const PAST_ANY_END = 100_000_000;
/** A packet's own duration counts up to this (OGG's last packet can claim a day). */
const MAX_PACKET_SECONDS = 1;
/**
 * Containers read by a full scan only. Ogg has no index: a seek bisects its pages and dates the packets
 * of the last, end-trimmed page wrongly (a 2 s clip ended at 2.9 s), where a scan from the start dates them right.
 */
const SCAN_ONLY: ReadonlySet<string> = new Set(["ogg"]);
/** How far short of the header's claim a full scan may end before the file counts as cut off. */
const CUT_OFF_SECONDS = 2;

/** What a packet read found: how many packets, the container's start and where the last one ends. */
export interface PacketSpan {
  packets: number;
  startSeconds: number;
  endSeconds: number;
}

export const NO_PACKETS: PacketSpan = { packets: 0, startSeconds: 0, endSeconds: 0 };

/** What the streams said: whether a video frame decoded, the tail's packets, and a full scan when needed. */
export interface StreamReading {
  firstFrame: boolean;
  tail: PacketSpan;
  scan: PacketSpan | null;
}

/**
 * Pure: folds one line of `ffprobe -show_entries packet=pts_time,duration_time:format=start_time -of csv`
 * ("packet,12.480000,0.040000" or "format,1.400000") into the span.
 */
export function addPacketLine(span: PacketSpan, line: string): PacketSpan {
  const [section, a, b] = line.trim().split(",");
  if (section === "format") return { ...span, startSeconds: Number(a) || 0 };
  const pts = Number(a);
  if (section !== "packet" || a === "" || a === "N/A" || !Number.isFinite(pts)) return span;
  const duration = Number(b);
  const own = duration > 0 && duration <= MAX_PACKET_SECONDS ? duration : 0;
  return { ...span, packets: span.packets + 1, endSeconds: Math.max(span.endSeconds, pts + own) };
}

/**
 * Pure: the duration in milliseconds the streams show, or a MediaError saying why the file is not a
 * usable video: a video track with no frame, a file cut off before its claimed end, or no length at all.
 */
export function judgeStreams(probed: ProbeResult, reading: StreamReading): number {
  if (!reading.firstFrame) throw new MediaError("no_frames", "the video stream has no frame that decodes");
  const span = reading.tail.packets > 0 ? reading.tail : reading.scan;
  if (!span || span.packets === 0) throw new MediaError("truncated", "no packets: the file is cut off");
  const endSeconds = span.endSeconds - span.startSeconds;
  // The tail could not be read and the packets stop well before the claimed end: the index names data
  // the file does not hold.
  if (reading.tail.packets === 0 && endSeconds < probed.durationMs / 1000 - CUT_OFF_SECONDS)
    throw new MediaError("truncated", "the packets stop before the claimed end: the file is cut off");
  const endMs = Math.round(endSeconds * 1000);
  if (endMs <= 0) throw new MediaError("image", "the file is a still picture, not a video");
  return endMs;
}

/** Reads the first video frame and the packets' end (the tail, else every packet) with ffprobe. */
export async function readStreams(input: ProbedFile, signal?: AbortSignal): Promise<StreamReading> {
  const [head, tail] = await Promise.all([
    runFfprobe(
      ["-v", "error", "-select_streams", "v:0", "-read_intervals", "%+#1"].concat([
        "-show_entries",
        "frame=pts_time",
        "-of",
        "json",
        ...inputArgs(input),
      ]),
      signal,
    ),
    SCAN_ONLY.has(input.demuxer) ? NO_PACKETS : readPackets(input, PAST_ANY_END, signal),
  ]);
  const frames = (JSON.parse(head) as { frames?: unknown[] }).frames ?? [];
  const scan = tail.packets > 0 ? null : await readPackets(input, null, signal);
  return { firstFrame: frames.length > 0, tail, scan };
}

/**
 * Reads the packets' timestamps from `fromSeconds` (or the start) to the end of the file, streaming
 * ffprobe's output (a long video has hundreds of thousands of packets). A read that fails part-way
 * answers what it read; only an abort throws.
 */
export function readPackets(
  input: ProbedFile,
  fromSeconds: number | null,
  signal?: AbortSignal,
): Promise<PacketSpan> {
  const args = ["-v", "error"]
    .concat(fromSeconds === null ? [] : ["-read_intervals", `${fromSeconds}%`])
    .concat(["-show_entries", "packet=pts_time,duration_time:format=start_time", "-of", "csv"])
    .concat(inputArgs(input));
  return new Promise<PacketSpan>((resolve, reject) => {
    if (signal?.aborted) return reject(new MediaError("aborted", "probe aborted"));
    const child = spawnFfprobe(args, { stdio: ["ignore", "pipe", "ignore"], signal });
    let span = NO_PACKETS;
    let pending = "";
    const out = child.stdout as Readable;
    out.setEncoding("utf8");
    out.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) span = addPacketLine(span, line);
    });
    child.on("error", (err) => {
      if (signal?.aborted) reject(new MediaError("aborted", "probe aborted", { cause: err }));
      else reject(new MediaError("ffmpeg_failed", `cannot run ffprobe: ${err.message}`, { cause: err }));
    });
    child.on("close", () => {
      if (signal?.aborted) return reject(new MediaError("aborted", "probe aborted"));
      resolve(addPacketLine(span, pending));
    });
  });
}

/** The file's duration as its streams show it; throws MediaError no_frames, truncated or image. */
export async function verifiedDurationMs(
  file: string,
  probed: ProbeResult,
  signal?: AbortSignal,
): Promise<number> {
  const reading = await readStreams({ path: file, demuxer: probed.demuxer }, signal);
  return judgeStreams(probed, reading);
}
