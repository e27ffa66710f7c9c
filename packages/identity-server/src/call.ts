import type { Caller, Ctx } from "./context.ts";
import { IdentityError } from "./errors.ts";
import type { identitySessions } from "./schema.ts";

export type SessionRow = typeof identitySessions.$inferSelect;

/** One request as the method handlers see it: no HTTP, just who calls and with which session. */
export interface Call {
  ctx: Ctx;
  caller: Caller;
  /** The valid session presented with the call (SDK: Basic auth; backend: session_token in the body). */
  session: SessionRow | null;
  /** True when a session credential was presented but is not valid. */
  sessionInvalid: boolean;
}

export function requireSession(call: Call): SessionRow {
  if (call.session) return call.session;
  throw new IdentityError(call.sessionInvalid ? "session_not_found" : "user_unauthenticated");
}
