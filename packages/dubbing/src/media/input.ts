// What ffprobe and ffmpeg may read of a user's file: one real audio/video container, from the file itself.
// A playlist (HLS), a script (concat/ffconcat), an image sequence or a URL makes them open other files —
// another user's video — or the network; such a file is refused before anything it names is opened, and
// every later call on an accepted file forces the demuxer its probe found instead of guessing again.

/**
 * The demuxers of the containers the service takes: MP4/MOV, Matroska/WebM, AVI, ASF (WMV), OGG,
 * MPEG-TS and FLV; and WAV and MP3, which the service writes itself (speech for the engines, voice
 * samples; an upload also needs a video stream). None of them opens another file (MP4's external
 * references, `enable_drefs`, stay off).
 */
export const MEDIA_DEMUXERS = [
  "mov",
  "matroska",
  "avi",
  "asf",
  "ogg",
  "mpegts",
  "flv",
  "wav",
  "mp3",
] as const;
export type Demuxer = (typeof MEDIA_DEMUXERS)[number];

/** The only protocols an input may use: the local file, or a pipe the caller set up. */
const INPUT_PROTOCOLS = "file,pipe";

/** A probed file: its path and the demuxer its probe found, forced on every later call. */
export interface ProbedFile {
  path: string;
  demuxer: Demuxer;
}

/** A user's file to read: probed, and the seconds its streams were measured at (no call reads further). */
export interface MediaInput extends ProbedFile {
  seconds: number;
}

/** Pure: the allowed demuxer among ffprobe's format_name ("mov,mp4,m4a,3gp,3g2,mj2" → "mov"), or null. */
export function allowedDemuxer(formatName: string): Demuxer | null {
  const names = formatName.split(",");
  return MEDIA_DEMUXERS.find((d) => names.includes(d)) ?? null;
}

/** Pure: ffprobe's input flags for a file not probed yet: only the allowed demuxers may open it. */
export function probeInputArgs(file: string): string[] {
  return ["-format_whitelist", MEDIA_DEMUXERS.join(","), "-i", file];
}

/** Pure: the input flags of a file: a user's with its demuxer forced, a file of our own as it is. */
export function inputArgs(input: string | ProbedFile): string[] {
  return typeof input === "string" ? ["-i", input] : ["-f", input.demuxer, "-i", input.path];
}

/** Pure: the output flag that stops reading a user's file at its measured end (none for our own files). */
export function measuredArgs(input: string | MediaInput): string[] {
  return typeof input === "string" ? [] : ["-t", seconds(input.seconds)];
}

/** Formats seconds for ffmpeg (-ss / -t), millisecond precision, never negative. */
export function seconds(s: number): string {
  if (!Number.isFinite(s) || s < 0) return "0";
  return (Math.round(s * 1000) / 1000).toString();
}

/**
 * Pure: `-protocol_whitelist file,pipe` before every `-i` (the flag belongs to the input after it), so no
 * call of ffmpeg or ffprobe follows a URL, whichever builder made its arguments.
 */
export function fileInputsOnly(args: string[]): string[] {
  return args.flatMap((a) => (a === "-i" ? ["-protocol_whitelist", INPUT_PROTOCOLS, a] : [a]));
}

/** Demuxers that read other files or addresses named inside the file. */
const INDIRECT = new Set(["hls", "concat", "dash", "imf", "sdp", "rtsp"]);
/** ffmpeg's demuxers of still pictures: image2 (also image sequences) and the `*_pipe` family. */
const IMAGE = /^(image2|[a-z0-9]+_pipe)$/;

/** What a demuxer outside the allow-list is to the user: a playlist or script, a picture, or no video. */
export function refusalKind(demuxer: string): "indirect" | "image" | "not_media" {
  return INDIRECT.has(demuxer) ? "indirect" : IMAGE.test(demuxer) ? "image" : "not_media";
}

/** Pure: the demuxer ffmpeg refused ("[hls @ 0x55…] Format not on whitelist …" → "hls"), or null. */
export function refusedDemuxer(stderr: string): string | null {
  return /\[([\w-]+) @ 0x[0-9a-f]+\] Format not on whitelist/.exec(stderr)?.[1] ?? null;
}
