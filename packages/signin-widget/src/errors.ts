import { APIError } from "@dubbing/identity-client";

/** Provider API errors show the provider's error_message; other errors show their plain message. */
export function errorText(err: unknown): string {
  if (err instanceof APIError) return err.error_message || err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}

/** The provider's error_type, when the error came from the provider's API. */
export function errorType(err: unknown): string | undefined {
  return err instanceof APIError ? err.error_type : undefined;
}
