import { and, count, eq } from "drizzle-orm";
import { z } from "zod";
import { audit } from "../audit.ts";
import { type Call, requireSession } from "../call.ts";
import { newId } from "../crypto.ts";
import { IdentityError } from "../errors.ts";
import { hit } from "../ratelimit.ts";
import {
  identityCryptoWallets,
  identityEmails,
  identityEvents,
  identityOauthRegistrations,
  identityPasswords,
  identityPhones,
  identityTotps,
  identityUsers,
  identityWebauthn,
} from "../schema.ts";
import { authenticateSession, looksLikeJwt, revokeSession, revokeUserSessions } from "../sessions.ts";
import { requireStepUp } from "../stepup.ts";
import { findEmail, loadUser } from "../users.ts";
import { authenticatedResponse, email, sessionDuration } from "./common.ts";

export function bootstrap(call: Call) {
  const { settings, project } = call.ctx;
  const luds = settings.passwordPolicy.type === "luds";
  return {
    project_id: project.projectId,
    disable_sdk_watermark: !settings.displayWatermark,
    cname_domain: null,
    email_domains: settings.emailDomains.length
      ? settings.emailDomains
      : [new URL(call.ctx.publicUrl).hostname],
    captcha_settings: settings.captcha
      ? { enabled: true, siteKey: settings.captcha.siteKey }
      : { enabled: false },
    pkce_required_for_email_magic_links: settings.pkce.magicLinks,
    pkce_required_for_password_resets: settings.pkce.passwordResets,
    pkce_required_for_oauth: settings.pkce.oauth,
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    password_config: luds
      ? {
          luds_complexity: settings.passwordPolicy.ludsComplexity,
          luds_minimum_count: settings.passwordPolicy.ludsMinimumCount,
        }
      : null,
    dfp_protected_auth_enabled: false,
    dfp_protected_auth_mode: null,
    rbac_policy: null,
    siwe_required_for_crypto_wallets: false,
    oauth_providers: Object.keys(call.ctx.oauthProviders),
  };
}

export const sessionAuthenticateBody = z.object({ session_duration_minutes: sessionDuration.optional() });

/** SDK: authenticates the session in the Basic auth header and extends it. */
export async function sdkSessionAuthenticate(
  call: Call,
  body: z.infer<typeof sessionAuthenticateBody>,
  credential: string,
) {
  await hit(call.ctx, "session_per_ip", call.caller.ip);
  requireSession(call);
  const s = await authenticateSession(
    call.ctx,
    looksLikeJwt(credential) ? { jwt: credential } : { token: credential },
    {
      durationMinutes: body.session_duration_minutes,
    },
  );
  return authenticatedResponse(s);
}

export async function sdkSessionRevoke(call: Call) {
  const session = requireSession(call);
  await revokeSession(call.ctx, session.id);
  await audit(call.ctx, call.caller, "session_revoked", {
    userId: session.userId,
    detail: { session_id: session.id },
  });
  return {};
}

export async function usersMe(call: Call) {
  const session = requireSession(call);
  return loadUser(call.ctx, session.userId);
}

export const usersUpdateBody = z.object({
  untrusted_metadata: z.record(z.string(), z.unknown()).optional(),
  name: z
    .object({
      first_name: z.string().max(100).optional(),
      middle_name: z.string().max(100).optional(),
      last_name: z.string().max(100).optional(),
    })
    .optional(),
});

export async function usersUpdate(call: Call, body: z.infer<typeof usersUpdateBody>) {
  const session = requireSession(call);
  const set: Partial<typeof identityUsers.$inferInsert> = {};
  if (body.untrusted_metadata) {
    if (JSON.stringify(body.untrusted_metadata).length > 4096) {
      throw new IdentityError("bad_request", "untrusted_metadata must be at most 4 KB.");
    }
    set.untrustedMetadata = body.untrusted_metadata;
  }
  if (body.name?.first_name !== undefined) set.firstName = body.name.first_name;
  if (body.name?.middle_name !== undefined) set.middleName = body.name.middle_name;
  if (body.name?.last_name !== undefined) set.lastName = body.name.last_name;
  if (Object.keys(set).length)
    await call.ctx.db.update(identityUsers).set(set).where(eq(identityUsers.id, session.userId));
  const user = await loadUser(call.ctx, session.userId);
  return {
    user_id: user.user_id,
    emails: user.emails,
    phone_numbers: user.phone_numbers,
    crypto_wallets: user.crypto_wallets,
    user,
    __user: user,
  };
}

const FACTOR_TABLES = {
  emails: [identityEmails, "email_not_found"],
  phone_numbers: [identityPhones, "phone_number_not_found"],
  totps: [identityTotps, "totp_not_found"],
  oauth: [identityOauthRegistrations, "oauth_user_registration_not_found"],
  webauthn_registrations: [identityWebauthn, "webauthn_registration_not_found"],
  crypto_wallets: [identityCryptoWallets, "crypto_wallet_challenge_not_found"],
} as const;

export type FactorKind = keyof typeof FACTOR_TABLES | "biometric_registrations" | "passwords";

/** Deletes one of the signed-in user's factors. Another user's id answers "not found". */
export async function deleteFactor(call: Call, kind: FactorKind, id: string) {
  const session = requireSession(call);
  await requireStepUp(call, session);
  const { db } = call.ctx;
  if (kind === "biometric_registrations") throw new IdentityError("biometric_registration_not_found");
  if (kind === "passwords") {
    const rows = await db
      .delete(identityPasswords)
      .where(and(eq(identityPasswords.id, id), eq(identityPasswords.userId, session.userId)))
      .returning({ id: identityPasswords.id });
    if (!rows.length) throw new IdentityError("user_not_found", "Password could not be found.");
  } else {
    const [table, notFound] = FACTOR_TABLES[kind];
    const rows = await db
      .delete(table)
      .where(and(eq(table.id, id), eq(table.userId, session.userId)))
      .returning({ id: table.id });
    if (!rows.length) throw new IdentityError(notFound);
  }
  // Removing a factor is what someone does after losing it: whoever holds it is signed out everywhere else.
  await revokeUserSessions(call.ctx, session.userId, session.id);
  await audit(call.ctx, call.caller, "factor_deleted", { userId: session.userId, detail: { kind, id } });
  const user = await loadUser(call.ctx, session.userId);
  return { user_id: user.user_id, user, __user: user };
}

export const usersSearchBody = z.object({ email });

/** What the password screen needs to know: `new`, `password` or `passwordless`. */
export async function usersSearch(call: Call, body: z.infer<typeof usersSearchBody>) {
  await hit(call.ctx, "search_per_ip", call.caller.ip);
  if (!call.ctx.settings.userSearch) return { userType: "new" };
  const rec = await findEmail(call.ctx, body.email);
  if (!rec) return { userType: "new" };
  const [pw] = await call.ctx.db
    .select()
    .from(identityPasswords)
    .where(eq(identityPasswords.userId, rec.userId));
  return { userType: pw ? "password" : "passwordless" };
}

const EVENTS_PER_BATCH = 100;
export const EVENTS_BODY_BYTES = 64 * 1024;
/** The SDK's events are a few hundred bytes; 2 KiB leaves room without letting a batch carry a file. */
const EVENT_BYTES = 2048;

const eventSchema = z.object({
  telemetry: z.record(z.string(), z.unknown()).default({}),
  event: z.object({ public_token: z.string().optional(), event_name: z.string().max(200) }).passthrough(),
});
export const eventsBody = z.array(eventSchema).max(EVENTS_PER_BATCH);

/**
 * Stores a batch of SDK telemetry events. Every event must carry the project's public token (the SDK
 * puts it in each one), each is at most EVENT_BYTES, and nothing is stored past the project's ceiling:
 * telemetry is best effort, so a full table drops events instead of filling the disk.
 */
export async function storeEvents(call: Call, batch: z.infer<typeof eventsBody>) {
  const { ctx } = call;
  await hit(ctx, "events_per_ip", call.caller.ip);
  if (batch.some((e) => e.event.public_token !== ctx.project.publicToken))
    throw new IdentityError("invalid_public_token");
  if (batch.some((e) => JSON.stringify(e).length > EVENT_BYTES))
    throw new IdentityError("payload_too_large", `Each event must be at most ${EVENT_BYTES} bytes.`);
  if (batch.length === 0) return { stored: 0 };
  const [{ stored } = { stored: 0 }] = await ctx.db.select({ stored: count() }).from(identityEvents);
  if (stored + batch.length > ctx.settings.maxStoredEvents) return { stored: 0 };
  await ctx.db.insert(identityEvents).values(
    batch.map((e) => ({
      id: newId("event", ctx.env),
      name: e.event.event_name,
      telemetry: e.telemetry,
      event: e.event as Record<string, unknown>,
      ipAddress: call.caller.ip,
      createdAt: ctx.now(),
    })),
  );
  return { stored: batch.length };
}
