/** Error codes of the media layer (ffmpeg / ffprobe). */
export type MediaErrorCode =
  | "not_found"
  | "not_media"
  | "no_video_stream"
  | "ffmpeg_failed"
  | "aborted"
  // what the streams say against the header: a picture, a video track without frames, a cut-off file
  | "image"
  | "no_frames"
  | "truncated"
  // a playlist, script or other list of files: read, it would open what it names
  | "indirect";

/** A failure of ffprobe/ffmpeg or of the input file, with a stable `code` for callers to map to HTTP. */
export class MediaError extends Error {
  code: MediaErrorCode;
  constructor(code: MediaErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MediaError";
    this.code = code;
  }
}
