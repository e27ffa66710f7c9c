import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Ctx } from "./context.ts";
import { newId, stableId } from "./crypto.ts";
import { IdentityError } from "./errors.ts";
import { handOverToProver, type Proof } from "./first-proof.ts";
import type { IdentityDb } from "./options.ts";
import {
  identityAuditLog,
  identityCryptoWallets,
  identityEmails,
  identityOauthRegistrations,
  identityPasswords,
  identityPhones,
  identityTotps,
  identityUsers,
  identityWebauthn,
} from "./schema.ts";

/** Trimmed and lower-cased; the whole address is compared case-insensitively. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The same shape as the Stytch `User` object. */
export interface StytchUser {
  user_id: string;
  created_at: string;
  status: "active" | "pending";
  name: { first_name: string; middle_name: string; last_name: string };
  emails: { email_id: string; email: string; verified: boolean }[];
  phone_numbers: { phone_id: string; phone_number: string; verified: boolean }[];
  providers: {
    oauth_user_registration_id: string;
    provider_subject: string;
    provider_type: string;
    profile_picture_url: string;
    locale: string;
  }[];
  password: null | { password_id: string; requires_reset: boolean };
  totps: { totp_id: string; verified: boolean }[];
  webauthn_registrations: {
    webauthn_registration_id: string;
    domain: string;
    user_agent: string;
    authenticator_type: string;
    verified: boolean;
    name: string;
  }[];
  crypto_wallets: {
    crypto_wallet_id: string;
    crypto_wallet_address: string;
    crypto_wallet_type: string;
    verified: boolean;
  }[];
  biometric_registrations: { biometric_registration_id: string; verified: boolean }[];
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
}

/**
 * Deletes a user with every email, phone, factor, token and session (the foreign keys cascade): its
 * sessions stop authenticating at once. Its audit lines go too, those naming it and those naming one of
 * its addresses, wallets or provider accounts (failed sign-ins carry only the address tried): they hold
 * its email, IP addresses and user agents. Takes a database or a transaction, so an application sharing
 * the database can delete its own account in the same transaction. False when there was no such user.
 */
export async function deleteUser(db: IdentityDb, userId: string): Promise<boolean> {
  const [emails, phones, wallets, oauth] = await Promise.all([
    db.select().from(identityEmails).where(eq(identityEmails.userId, userId)),
    db.select().from(identityPhones).where(eq(identityPhones.userId, userId)),
    db.select().from(identityCryptoWallets).where(eq(identityCryptoWallets.userId, userId)),
    db.select().from(identityOauthRegistrations).where(eq(identityOauthRegistrations.userId, userId)),
  ]);
  const subjects = [
    ...emails.flatMap((e) => [e.email, e.id]),
    ...phones.flatMap((p) => [p.phone, p.id]),
    ...wallets.map((w) => w.address),
    ...oauth.map((o) => o.subject),
  ].map((s) => s.toLowerCase());
  await db
    .delete(identityAuditLog)
    .where(
      or(
        eq(identityAuditLog.userId, userId),
        subjects.length ? inArray(sql`lower(trim(${identityAuditLog.subject}))`, subjects) : undefined,
      ),
    );
  const rows = await db.delete(identityUsers).where(eq(identityUsers.id, userId)).returning({
    id: identityUsers.id,
  });
  return rows.length === 1;
}

/** The ways a user can sign in, for an account page: verified emails and phones, OAuth providers, password. */
export async function signInMethodsOf(
  db: IdentityDb,
  userId: string,
): Promise<{ emails: string[]; phones: string[]; oauth: string[]; password: boolean }> {
  const [emails, phones, oauth, passwords] = await Promise.all([
    db
      .select()
      .from(identityEmails)
      .where(and(eq(identityEmails.userId, userId), eq(identityEmails.verified, true))),
    db
      .select()
      .from(identityPhones)
      .where(and(eq(identityPhones.userId, userId), eq(identityPhones.verified, true))),
    db.select().from(identityOauthRegistrations).where(eq(identityOauthRegistrations.userId, userId)),
    db
      .select({ id: identityPasswords.id })
      .from(identityPasswords)
      .where(eq(identityPasswords.userId, userId)),
  ]);
  return {
    emails: emails.map((e) => e.email),
    phones: phones.map((p) => p.phone),
    oauth: [...new Set(oauth.map((o) => o.provider))],
    password: passwords.length > 0,
  };
}

export async function loadUser(ctx: Ctx, userId: string): Promise<StytchUser> {
  const [u] = await ctx.db.select().from(identityUsers).where(eq(identityUsers.id, userId));
  if (!u) throw new IdentityError("user_not_found");
  const [emails, phones, passwords, oauth, totps, webauthn, wallets] = await Promise.all([
    ctx.db
      .select()
      .from(identityEmails)
      .where(eq(identityEmails.userId, userId))
      .orderBy(identityEmails.createdAt),
    ctx.db
      .select()
      .from(identityPhones)
      .where(eq(identityPhones.userId, userId))
      .orderBy(identityPhones.createdAt),
    ctx.db.select().from(identityPasswords).where(eq(identityPasswords.userId, userId)),
    ctx.db.select().from(identityOauthRegistrations).where(eq(identityOauthRegistrations.userId, userId)),
    ctx.db.select().from(identityTotps).where(eq(identityTotps.userId, userId)),
    ctx.db
      .select()
      .from(identityWebauthn)
      .where(eq(identityWebauthn.userId, userId))
      .orderBy(identityWebauthn.createdAt),
    ctx.db.select().from(identityCryptoWallets).where(eq(identityCryptoWallets.userId, userId)),
  ]);
  const pw = passwords[0];
  return {
    user_id: u.id,
    created_at: u.createdAt.toISOString(),
    status: u.status === "active" ? "active" : "pending",
    name: { first_name: u.firstName, middle_name: u.middleName, last_name: u.lastName },
    emails: emails.map((e) => ({ email_id: e.id, email: e.email, verified: e.verified })),
    phone_numbers: phones.map((p) => ({ phone_id: p.id, phone_number: p.phone, verified: p.verified })),
    providers: oauth.map((o) => ({
      oauth_user_registration_id: o.id,
      provider_subject: o.subject,
      provider_type: o.provider,
      profile_picture_url: o.profilePictureUrl,
      locale: o.locale,
    })),
    password: pw ? { password_id: pw.id, requires_reset: pw.requiresReset } : null,
    totps: totps.filter((t) => t.verified).map((t) => ({ totp_id: t.id, verified: t.verified })),
    webauthn_registrations: webauthn.map((w) => ({
      webauthn_registration_id: w.id,
      domain: w.domain,
      user_agent: w.userAgent,
      authenticator_type: w.authenticatorType,
      verified: w.verified,
      name: w.name,
    })),
    crypto_wallets: wallets.map((w) => ({
      crypto_wallet_id: w.id,
      crypto_wallet_address: w.address,
      crypto_wallet_type: w.walletType,
      verified: w.verified,
    })),
    biometric_registrations: [],
    trusted_metadata: u.trustedMetadata,
    untrusted_metadata: u.untrustedMetadata,
  };
}

interface EmailRecord {
  userId: string;
  emailId: string;
  verified: boolean;
}

export async function findEmail(ctx: Ctx, email: string): Promise<EmailRecord | null> {
  const [row] = await ctx.db
    .select()
    .from(identityEmails)
    .where(eq(identityEmails.email, normalizeEmail(email)));
  return row ? { userId: row.userId, emailId: row.id, verified: row.verified } : null;
}

/**
 * Makes a new user: the one place every sign-up passes through (email links and codes, passwords, OAuth,
 * phones, wallets), so the application's rule on who may sign up (`signUpAllowed`) holds for all of them.
 * `email`: the address the user is made for, null for none. Throws `sign_up_not_allowed`.
 */
export async function insertUser(
  ctx: Ctx,
  db: IdentityDb,
  user: { id: string; status: "pending" | "active"; createdAt: Date },
  email: string | null,
): Promise<void> {
  await assertMayCreate(ctx, email);
  await db.insert(identityUsers).values(user);
}

/**
 * The rule alone, for a caller about to open a transaction: asked outside it, since the application's
 * rule reads through its own handle (one connection in embedded mode: inside, it would wait forever).
 */
async function assertMayCreate(ctx: Ctx, email: string | null): Promise<void> {
  if (!(await ctx.signUpAllowed(email === null ? null : normalizeEmail(email))))
    throw new IdentityError("sign_up_not_allowed");
}

/**
 * A sign-up the application refuses, answered as a new address's would be (ids shaped like real ones,
 * the same on every call) while nothing is made or sent: the answer does not tell who may sign up.
 */
function refusedSignUp(ctx: Ctx, email: string): EmailRecord & { created: true } {
  const of = (kind: "user" | "email") =>
    stableId(kind, ctx.env, ctx.project.secret, `refused-sign-up:${kind}:${normalizeEmail(email)}`);
  return { userId: of("user"), emailId: of("email"), verified: false, created: true };
}

/** findOrCreateByEmail for a link or code sent to the address: a refused sign-up is `refused`, not thrown. */
export async function findOrSignUp(
  ctx: Ctx,
  email: string,
): Promise<EmailRecord & { created: boolean; refused: boolean }> {
  try {
    return { ...(await findOrCreateByEmail(ctx, email)), refused: false };
  } catch (error) {
    if (!(error instanceof IdentityError) || error.type !== "sign_up_not_allowed") throw error;
    return { ...refusedSignUp(ctx, email), refused: true };
  }
}

/** Finds the user owning `email`, or creates a pending one. Safe against two requests racing. */
export async function findOrCreateByEmail(
  ctx: Ctx,
  email: string,
): Promise<EmailRecord & { created: boolean }> {
  const existing = await findEmail(ctx, email);
  if (existing) return { ...existing, created: false };
  const userId = newId("user", ctx.env);
  const emailId = newId("email", ctx.env);
  await assertMayCreate(ctx, email);
  const created = await ctx.db.transaction(async (tx) => {
    await tx.insert(identityUsers).values({ id: userId, status: "pending", createdAt: ctx.now() });
    const inserted = await tx
      .insert(identityEmails)
      .values({ id: emailId, userId, email: normalizeEmail(email), createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ id: identityEmails.id });
    if (inserted.length === 0) {
      await tx.delete(identityUsers).where(eq(identityUsers.id, userId));
      return false;
    }
    return true;
  });
  if (!created) {
    const again = await findEmail(ctx, email);
    if (!again) throw new IdentityError("internal_server_error");
    return { ...again, created: false };
  }
  return { userId, emailId, verified: false, created: true };
}

interface PhoneRecord {
  userId: string;
  phoneId: string;
  verified: boolean;
}

export async function findPhone(ctx: Ctx, phone: string): Promise<PhoneRecord | null> {
  const [row] = await ctx.db.select().from(identityPhones).where(eq(identityPhones.phone, phone));
  return row ? { userId: row.userId, phoneId: row.id, verified: row.verified } : null;
}

export async function findOrCreateByPhone(
  ctx: Ctx,
  phone: string,
): Promise<PhoneRecord & { created: boolean }> {
  const existing = await findPhone(ctx, phone);
  if (existing) return { ...existing, created: false };
  const userId = newId("user", ctx.env);
  const phoneId = newId("phone-number", ctx.env);
  await assertMayCreate(ctx, null);
  const created = await ctx.db.transaction(async (tx) => {
    await tx.insert(identityUsers).values({ id: userId, status: "pending", createdAt: ctx.now() });
    const inserted = await tx
      .insert(identityPhones)
      .values({ id: phoneId, userId, phone, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ id: identityPhones.id });
    if (inserted.length === 0) {
      await tx.delete(identityUsers).where(eq(identityUsers.id, userId));
      return false;
    }
    return true;
  });
  if (!created) {
    const again = await findPhone(ctx, phone);
    if (!again) throw new IdentityError("internal_server_error");
    return { ...again, created: false };
  }
  return { userId, phoneId, verified: false, created: true };
}

/**
 * Adds a proven email to a user (a secondary factor, once its link or code came back); returns its id.
 * Secondary addresses are stored only when proven, so an address nobody proved is never held by a user.
 */
export async function attachVerifiedEmail(
  ctx: Ctx,
  userId: string,
  email: string,
  id = newId("email", ctx.env),
): Promise<string> {
  const existing = await findEmail(ctx, email);
  if (existing) {
    if (existing.userId !== userId) throw new IdentityError("duplicate_email");
    await markEmailVerified(ctx, existing.emailId, userId);
    return existing.emailId;
  }
  await ctx.db
    .insert(identityEmails)
    .values({ id, userId, email: normalizeEmail(email), verified: true, createdAt: ctx.now() });
  return id;
}

/**
 * Marks an email verified. Its first verification outside a session of its own user is Stytch's
 * deduplication case: whoever made the user never proved the address (a squatter can create a password
 * user for someone else's email), so the user is handed to the prover (see first-proof.ts). The exception
 * is proof given inside a session of that same user (verifying the address right after sign-up).
 */
export async function markEmailVerified(
  ctx: Ctx,
  emailId: string,
  provenInSessionOf?: string,
  proof: Proof = {},
): Promise<void> {
  const [first] = await ctx.db
    .update(identityEmails)
    .set({ verified: true })
    .where(and(eq(identityEmails.id, emailId), eq(identityEmails.verified, false)))
    .returning({ userId: identityEmails.userId });
  if (first && first.userId !== provenInSessionOf)
    await handOverToProver(ctx, first.userId, { ...proof, emailId });
}

/** Marks a phone verified; its first verification outside its user's sessions hands the user over too. */
export async function markPhoneVerified(
  ctx: Ctx,
  phoneId: string,
  provenInSessionOf?: string,
): Promise<void> {
  const [first] = await ctx.db
    .update(identityPhones)
    .set({ verified: true })
    .where(and(eq(identityPhones.id, phoneId), eq(identityPhones.verified, false)))
    .returning({ userId: identityPhones.userId });
  if (first && first.userId !== provenInSessionOf) await handOverToProver(ctx, first.userId, { phoneId });
}

export async function activateUser(ctx: Ctx, userId: string): Promise<void> {
  await ctx.db
    .update(identityUsers)
    .set({ status: "active" })
    .where(and(eq(identityUsers.id, userId), eq(identityUsers.status, "pending")));
}

export async function emailOf(ctx: Ctx, emailId: string): Promise<string | null> {
  const [row] = await ctx.db.select().from(identityEmails).where(eq(identityEmails.id, emailId));
  return row?.email ?? null;
}
