/** Error codes of the dubbing pipeline (besides MediaError's). Stable: callers map them to messages. */
export type DubErrorCode =
  | "invalid_document" // the transcript JSON is not in the expected shape
  | "invalid_segment" // a segment's times are impossible (end ≤ start, negative, past the end)
  | "unsupported_language" // not one of the app's languages
  | "unsure_language" // "detect": the language heard is not certain enough to transcribe in it
  | "no_engine" // no engine (installed and configured) can serve this language or pair
  | "no_audio" // the video has no audio track
  | "unsupported_video" // the video codec cannot be copied into an MP4 (normalize it at ingest)
  | "no_speech" // the audio holds no speech (silence only)
  | "engine_failed" // an engine process failed
  | "engine_crashed" // an engine process died on this input twice: another attempt will not help
  | "too_little_background" // separation: too few speech-free stretches to learn the background from
  | "aborted";

/** A pipeline error with a stable `code`. */
export class DubError extends Error {
  code: DubErrorCode;
  /** A provider's answer that failed: its HTTP status and error body (shortened, credentials removed). */
  readonly provider?: { status: number; body: string };
  /** A detection's answer (unsure_language, unsupported_language): the language heard, how sure (0–1). */
  readonly detected?: { language: string; probability: number };
  constructor(
    code: DubErrorCode,
    message: string,
    options?: {
      cause?: unknown;
      provider?: { status: number; body: string };
      detected?: { language: string; probability: number };
    },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "DubError";
    this.code = code;
    if (options?.provider) this.provider = options.provider;
    if (options?.detected) this.detected = options.detected;
  }
}

/** Throws DubError aborted when the signal is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DubError("aborted", "aborted");
}
