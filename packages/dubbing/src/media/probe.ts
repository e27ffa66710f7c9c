import { stat } from "node:fs/promises";
import { MediaError } from "./errors.ts";
import { allowedDemuxer, type Demuxer, probeInputArgs, refusalKind, refusedDemuxer } from "./input.ts";
import { execFfprobe } from "./spawn.ts";

/** What ffprobe says about a media file. Durations in milliseconds. */
export interface ProbeResult {
  durationMs: number;
  sizeBytes: number;
  formatName: string;
  /** The allowed demuxer that read it: later calls force it (MediaInput). */
  demuxer: Demuxer;
  video: { codec: string; width: number; height: number; fps: number } | null;
  audio: { codec: string; sampleRate: number; channels: number } | null;
}

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}
interface RawProbe {
  streams?: RawStream[];
  format?: { format_name?: string; duration?: string; size?: string };
}

/** "30000/1001" → 29.97; "0/0" or garbage → 0. */
export function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [n, d] = rate.split("/").map(Number);
  if (n === undefined || !Number.isFinite(n)) return 0;
  if (d === undefined) return n;
  if (!Number.isFinite(d) || d === 0) return 0;
  return Math.round((n / d) * 1000) / 1000;
}

function toMs(s: string | undefined): number {
  const v = Number(s);
  return Number.isFinite(v) && v > 0 ? Math.round(v * 1000) : 0;
}

/**
 * Pure: turns ffprobe's JSON into a ProbeResult. Throws MediaError not_media when there is no stream
 * ffmpeg can decode. Cover art (attached pictures) does not count as a video stream.
 */
export function parseProbeOutput(json: string, sizeBytes: number): ProbeResult {
  let raw: RawProbe;
  try {
    raw = JSON.parse(json) as RawProbe;
  } catch (cause) {
    throw new MediaError("not_media", "ffprobe returned unreadable output", { cause });
  }
  const streams = raw.streams ?? [];
  const v = streams.find((s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1);
  const a = streams.find((s) => s.codec_type === "audio");
  if (!v && !a) throw new MediaError("not_media", "the file has no audio or video stream");
  const formatName = raw.format?.format_name ?? "";
  const demuxer = allowedDemuxer(formatName);
  if (!demuxer) throw new MediaError("not_media", `the ${formatName || "unknown"} format is not taken`);
  let durationMs = toMs(raw.format?.duration);
  if (durationMs === 0) durationMs = Math.max(0, ...streams.map((s) => toMs(s.duration)));
  const fps = v ? parseRate(v.avg_frame_rate) || parseRate(v.r_frame_rate) : 0;
  return {
    durationMs,
    sizeBytes,
    formatName,
    demuxer,
    video: v ? { codec: v.codec_name ?? "", width: v.width ?? 0, height: v.height ?? 0, fps } : null,
    audio: a
      ? { codec: a.codec_name ?? "", sampleRate: Number(a.sample_rate) || 0, channels: a.channels ?? 0 }
      : null,
  };
}

/**
 * Runs ffprobe on a local file; only the allowed demuxers may open it. Throws MediaError not_found,
 * not_media, indirect (a playlist or script), image or aborted.
 */
export async function probe(file: string, opts: { signal?: AbortSignal } = {}): Promise<ProbeResult> {
  let size: number;
  try {
    const st = await stat(file);
    if (!st.isFile()) throw new MediaError("not_media", `${file} is not a regular file`);
    size = st.size;
  } catch (err) {
    if (err instanceof MediaError) throw err;
    throw new MediaError("not_found", `file not found: ${file}`, { cause: err });
  }
  if (size === 0) throw new MediaError("not_media", `${file} is empty`);
  const out = await runFfprobe(
    ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", ...probeInputArgs(file)],
    opts.signal,
  );
  return parseProbeOutput(out, size);
}

/**
 * Runs ffprobe (local files and pipes only) and returns its stdout. Throws MediaError aborted,
 * ffmpeg_failed (not installed), indirect or image (a demuxer outside the allow-list), or not_media.
 */
export function runFfprobe(args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    execFfprobe(args, { maxBuffer: 16 * 1024 * 1024, signal }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      if (signal?.aborted) reject(new MediaError("aborted", "probe aborted", { cause: err }));
      else if ((err as NodeJS.ErrnoException).code === "ENOENT" && !stderr)
        reject(new MediaError("ffmpeg_failed", "ffprobe is not installed", { cause: err }));
      else reject(ffprobeFailure(stderr, err));
    });
  });
}

/** Why ffprobe failed, as a MediaError: a refused demuxer by its kind, anything else not_media. */
function ffprobeFailure(stderr: string, cause?: unknown): MediaError {
  const refused = refusedDemuxer(stderr);
  if (refused) {
    const kind = refusalKind(refused);
    return new MediaError(kind, `the ${refused} format is not taken`, { cause });
  }
  return new MediaError(
    "not_media",
    `not a media file: ${lastLines(stderr) || (cause as Error | undefined)?.message}`,
    { cause },
  );
}

/** Throws MediaError no_video_stream when a probed file has no video (e.g. an audio file). */
export function assertHasVideo(p: ProbeResult): asserts p is ProbeResult & { video: object } {
  if (!p.video) throw new MediaError("no_video_stream", "the file has no video stream");
}

export function lastLines(text: string, n = 5): string {
  return text.trim().split(/\r?\n/).slice(-n).join("\n").trim();
}
