import { ERROR_STATUS, type ErrorBody, type ErrorCode } from "@dubbing/contract";

export { ERROR_STATUS, type ErrorBody, type ErrorCode };

/**
 * An error the API answers with: a code from the contract's table (which fixes the HTTP status), a
 * message written for users, optional details (the fields a validation error lists), and the error that
 * caused it, kept for the log (like JobError's `cause`), never shown to the user.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  constructor(code: ErrorCode, message: string, details?: unknown, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}

/** The body every error leaves with; the code is one of the contract's, so a typo does not compile. */
export function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}
