// Voice cloning: what an engine that makes a voice from a sample of someone's speech offers.

/** One audio file of the sample, on this machine. */
export interface CloneSampleFile {
  path: string;
  /** The name sent with it (the provider may read the format from it). */
  filename: string;
  contentType: string;
}

/** How much speech a provider takes to make a voice. */
export interface CloneLimits {
  /** Less than this is refused before anything is sent. */
  minSeconds: number;
  /** The sample is cut at this (more does not make a better voice, and it is the user's data sent away). */
  maxSeconds: number;
}

export interface CloneRequest {
  name: string;
  description?: string;
  labels?: Record<string, string>;
  files: CloneSampleFile[];
  signal?: AbortSignal;
}

/** A provider that makes voices (and deletes them): configured when its key is set. */
export interface VoiceCloner {
  /** The TTS engine id that speaks its voices ("elevenlabs"). */
  engine: string;
  /** The provider's name for users ("ElevenLabs"). */
  provider: string;
  limits: CloneLimits;
  /** Makes a voice; answers the provider's voice id. Throws CloneError. */
  clone(req: CloneRequest): Promise<string>;
  /** Deletes a voice; a voice the provider no longer has counts as deleted. Throws CloneError. */
  remove(voiceId: string, signal?: AbortSignal): Promise<void>;
}

/**
 * `refused`: the provider answered and said no (its reason is the message: a sample it cannot use, a
 * plan without cloning, a bad key); `failed`: it could not be reached or did not answer in time.
 */
export type CloneErrorCode = "refused" | "failed";

export class CloneError extends Error {
  readonly code: CloneErrorCode;
  /** The provider's own words, when it gave any. */
  readonly reason: string;
  constructor(code: CloneErrorCode, message: string, reason: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "CloneError";
    this.code = code;
    this.reason = reason;
  }
}
