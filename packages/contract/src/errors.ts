import { z } from "zod";

// Every error the API answers with, in one table: code → HTTP status. The body is
// `{"error": {"code", "message", "details"?}}`; messages are written for users.
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  title_required: 400,
  file_required: 400,
  empty_file: 400,
  invalid_signature: 400,
  query_required: 400,
  consent_required: 400,
  unauthorized: 401,
  plan_limit_reached: 402,
  forbidden: 403,
  account_suspended: 403,
  not_found: 404,
  video_not_found: 404,
  storyboard_not_found: 404,
  post_not_found: 404,
  conflict: 409,
  already_subscribed: 409,
  file_too_large: 413,
  body_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  language_unavailable: 422,
  cloning_unavailable: 422,
  too_little_speech: 422,
  clone_refused: 422,
  rate_limited: 429,
  internal: 500,
  image_search_failed: 502,
  payment_provider_error: 502,
  clone_failed: 502,
  unavailable: 503,
  billing_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

/** The error body of every answer with one of `codes` (all codes by default). */
export function errorBodySchema(codes: readonly ErrorCode[] = Object.keys(ERROR_STATUS) as ErrorCode[]) {
  return z.object({
    error: z.object({
      code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      /** `validation_failed`: `[{path, message}]`; `plan_limit_reached` and `rate_limited`: the figures. */
      details: z.unknown().optional(),
    }),
  });
}
