import { JobError } from "../jobs/retry.ts";

/**
 * Why a link could not be imported, in words for the user (the project shows "The link could not be
 * downloaded: …"). Final unless said otherwise: a retry helps a time-out or the network, not a refusal.
 */
export class LinkError extends JobError {
  constructor(message: string, retryable = false) {
    super(message, { retryable });
    this.name = "LinkError";
  }
}

export function tooLarge(maxBytes: number): LinkError {
  const exact = maxBytes / 1024 ** 2;
  const mb = Number.isInteger(exact) || exact >= 10 ? String(Math.round(exact)) : exact.toFixed(1);
  return new LinkError(`the video is larger than the ${mb} MB your plan allows`);
}
