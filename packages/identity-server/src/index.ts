export { audit } from "./audit.ts";
export type { Ctx } from "./context.ts";
export { createContext } from "./context.ts";
export { hashPassword, verifyPassword } from "./crypto.ts";
export { type Mailer, type MailMessage, SmtpMailer } from "./delivery/mailer.ts";
export { type SmsMessage, type SmsSender, TwilioSmsSender, twilioForm } from "./delivery/sms.ts";
export { ERRORS, type ErrorType, IdentityError } from "./errors.ts";
export { KEY_RELOAD_MS, retireSigningKeys, rotateSigningKey } from "./keys.ts";
export { IDENTITY_MIGRATIONS_FOLDER, IDENTITY_MIGRATIONS_TABLE, migrateIdentity } from "./migrate.ts";
export { PROVIDERS as OAUTH_PROVIDERS, type ProviderType as OAuthProviderType } from "./oauth/providers.ts";
export {
  DEFAULT_SETTINGS,
  type IdentityDb,
  type IdentityServerOptions,
  type OAuthProviderConfig,
  type PasswordPolicy,
  PRODUCTS,
  type Product,
  type ProjectConfig,
  type RateBucket,
  type RateLimit,
  type Settings,
} from "./options.ts";
export { identityServer } from "./plugin.ts";
export { ensureProject, type ProjectInput } from "./project.ts";
export * as identitySchema from "./schema.ts";
export { createSessionVerifier, type VerifiedSession } from "./server-api.ts";
export { SESSION_CLAIM, type SessionResult, type StytchSession } from "./sessions.ts";
export { AUDIT_KEEP_DAYS, type SweepResult, sweepIdentity } from "./sweep.ts";
export { deleteUser, type StytchUser, signInMethodsOf } from "./users.ts";
