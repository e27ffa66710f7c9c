// In-process functions for an application that mounts the plugin and shares its database: the same
// work as `POST /v1/sessions/authenticate` and `/v1/sessions/revoke`, without an HTTP round trip.
import { createContext } from "./context.ts";
import { IdentityError } from "./errors.ts";
import type { IdentityServerOptions } from "./options.ts";
import {
  authenticateSession,
  findSession,
  looksLikeJwt,
  revokeSession,
  type SessionResult,
  verifySessionJwt,
} from "./sessions.ts";
import { loadUser, type StytchUser } from "./users.ts";

export type VerifiedSession = SessionResult;

export function createSessionVerifier(
  opts: Pick<IdentityServerOptions, "db" | "publicUrl" | "project" | "clock" | "settings">,
) {
  const ctx = createContext({ ...opts, mailer: { send: async () => {} } });
  return {
    /** Authenticates a session token or session JWT (checks the database: revocation is immediate). */
    authenticateSession(credential: string, durationMinutes?: number): Promise<VerifiedSession> {
      return authenticateSession(
        ctx,
        looksLikeJwt(credential) ? { jwt: credential } : { token: credential },
        { durationMinutes },
      );
    },
    /** Verifies a session JWT's signature and lifetime only (no database read of the session). */
    verifyJwt(jwt: string): Promise<{ sessionId: string; userId: string }> {
      return verifySessionJwt(ctx, jwt, false);
    },
    async revokeSession(credential: string): Promise<void> {
      const row = await findSession(
        ctx,
        looksLikeJwt(credential) ? { jwt: credential } : { token: credential },
      );
      if (!row) throw new IdentityError("session_not_found");
      await revokeSession(ctx, row.id);
    },
    getUser(userId: string): Promise<StytchUser> {
      return loadUser(ctx, userId);
    },
  };
}
