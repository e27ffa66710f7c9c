// The identity provider's own tables. Every table carries the `identity_` prefix so it can live in the
// same database as an application without colliding with it. Tokens, codes and challenges are stored
// only as SHA-256 (or HMAC) digests; the plaintext leaves the server once, in a message or a response.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();

export const identityUsers = pgTable("identity_users", {
  id: text("id").primaryKey(),
  status: text("status").notNull().default("pending"), // pending | active
  firstName: text("first_name").notNull().default(""),
  middleName: text("middle_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  trustedMetadata: jsonb("trusted_metadata").$type<Record<string, unknown>>().notNull().default({}),
  untrustedMetadata: jsonb("untrusted_metadata").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

export const identityEmails = pgTable(
  "identity_emails",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => identityUsers.id, { onDelete: "cascade" }),
    email: text("email").notNull(), // normalised: trimmed, lower-case
    verified: boolean("verified").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("identity_emails_email_uq").on(t.email),
    index("identity_emails_user_idx").on(t.userId),
  ],
);

export const identityPhones = pgTable(
  "identity_phone_numbers",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => identityUsers.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(), // E.164
    verified: boolean("verified").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("identity_phones_phone_uq").on(t.phone),
    index("identity_phones_user_idx").on(t.userId),
  ],
);

export const identityPasswords = pgTable("identity_passwords", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => identityUsers.id, { onDelete: "cascade" }),
  hash: text("hash").notNull(), // scrypt$N$r$p$salt$key
  requiresReset: boolean("requires_reset").notNull().default(false),
  createdAt: createdAt(),
});

export const identityOauthRegistrations = pgTable(
  "identity_oauth_registrations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => identityUsers.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    profilePictureUrl: text("profile_picture_url").notNull().default(""),
    locale: text("locale").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("identity_oauth_provider_subject_uq").on(t.provider, t.subject)],
);

export const identityTotps = pgTable("identity_totps", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => identityUsers.id, { onDelete: "cascade" }),
  secretEnc: text("secret_enc").notNull(), // AES-256-GCM, key derived from the project secret
  recoveryCodesEnc: text("recovery_codes_enc").notNull(),
  usedRecoveryCodes: jsonb("used_recovery_codes").$type<number[]>().notNull().default([]),
  verified: boolean("verified").notNull().default(false),
  lastUsedStep: integer("last_used_step").notNull().default(0),
  expiresAt: ts("expires_at"), // unverified TOTPs expire
  createdAt: createdAt(),
});

export const identityWebauthn = pgTable(
  "identity_webauthn_registrations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => identityUsers.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull(), // base64url
    publicKey: text("public_key").notNull(), // base64url COSE key
    counter: integer("counter").notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    domain: text("domain").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    authenticatorType: text("authenticator_type").notNull().default(""),
    name: text("name").notNull().default(""),
    verified: boolean("verified").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("identity_webauthn_credential_uq").on(t.credentialId)],
);

export const identityCryptoWallets = pgTable(
  "identity_crypto_wallets",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => identityUsers.id, { onDelete: "cascade" }),
    address: text("address").notNull(), // ethereum: lower-case hex; solana: base58
    walletType: text("wallet_type").notNull(),
    verified: boolean("verified").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("identity_crypto_wallets_uq").on(t.walletType, t.address)],
);

/**
 * Every single-use secret: magic links, password resets, OAuth tokens, OTP codes, WebAuthn and wallet
 * challenges. Looked up by `token_hash` (SHA-256 of a ≥128-bit token) or, for OTPs, by `id` (the
 * method_id) with the code checked against `token_hash` (an HMAC).
 */
export const identityTokens = pgTable(
  "identity_tokens",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(), // magic_link | password_reset | oauth | otp | webauthn_register | webauthn_auth | crypto | oauth_state | one_tap_nonce
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id").references(() => identityUsers.id, { onDelete: "cascade" }),
    methodId: text("method_id"), // email_id / phone_id the token proves
    codeChallenge: text("code_challenge"),
    attempts: integer("attempts").notNull().default(0),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("identity_tokens_hash_uq").on(t.tokenHash),
    index("identity_tokens_expiry_idx").on(t.expiresAt),
  ],
);

export const identitySessions = pgTable(
  "identity_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => identityUsers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    startedAt: ts("started_at").notNull(),
    lastAccessedAt: ts("last_accessed_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    factors: jsonb("factors").$type<Record<string, unknown>[]>().notNull().default([]),
    customClaims: jsonb("custom_claims").$type<Record<string, unknown>>(),
    ipAddress: text("ip_address").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [
    uniqueIndex("identity_sessions_token_uq").on(t.tokenHash),
    index("identity_sessions_user_idx").on(t.userId),
  ],
);

export const identitySigningKeys = pgTable("identity_signing_keys", {
  kid: text("kid").primaryKey(),
  privateJwk: jsonb("private_jwk").$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

export const identityRateLimits = pgTable(
  "identity_rate_limits",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);

export const identityEvents = pgTable("identity_events", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  telemetry: jsonb("telemetry").$type<Record<string, unknown>>().notNull(),
  event: jsonb("event").$type<Record<string, unknown>>().notNull(),
  ipAddress: text("ip_address").notNull().default(""),
  createdAt: createdAt(),
});

export const identityAuditLog = pgTable(
  "identity_audit_log",
  {
    id: text("id").primaryKey(),
    at: ts("at").notNull(),
    action: text("action").notNull(), // sign_in | sign_in_failed | session_revoked | password_changed | …
    method: text("method").notNull().default(""),
    userId: text("user_id"),
    subject: text("subject").notNull().default(""), // the address or identifier that was tried
    ipAddress: text("ip_address").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("identity_audit_at_idx").on(t.at), index("identity_audit_user_idx").on(t.userId)],
);

/** Generated project credentials, for installs that do not configure them (created on first start). */
export const identityProjects = pgTable("identity_projects", {
  projectId: text("project_id").primaryKey(),
  publicToken: text("public_token").notNull(),
  secret: text("secret").notNull(),
  singleton: boolean("singleton").notNull().default(true).unique(),
  createdAt: createdAt(),
});
