import { encryptionKey } from "./crypto.ts";
import type { Mailer } from "./delivery/mailer.ts";
import type { SmsSender } from "./delivery/sms.ts";
import {
  type IdentityDb,
  type IdentityServerOptions,
  type OAuthProviderConfig,
  type ProjectConfig,
  resolveSettings,
  type Settings,
} from "./options.ts";

/** Everything a handler needs, built once per mounted plugin. */
export interface Ctx {
  db: IdentityDb;
  publicUrl: string;
  project: ProjectConfig & { name: string };
  settings: Settings;
  mailer: Mailer;
  emailTemplates: Record<string, string>;
  sms: SmsSender | undefined;
  onUserDelete: ((userId: string) => Promise<void>) | undefined;
  signUpAllowed: (email: string | null) => Promise<boolean>;
  oauthProviders: Record<string, OAuthProviderConfig>;
  now: () => Date;
  encKey: Buffer;
  fetch: typeof fetch;
  /** `live` or `test`, taken from the public token, used in ids. */
  env: string;
}

/** Information about the calling client, for audit, rate limits and session attributes. */
export interface Caller {
  ip: string;
  userAgent: string;
  /** Called through the backend API with the project secret (the app's own sign-in callbacks). */
  backend?: boolean;
}

export function createContext(opts: IdentityServerOptions): Ctx {
  return {
    db: opts.db,
    publicUrl: opts.publicUrl.replace(/\/$/, ""),
    project: { ...opts.project, name: opts.project.name ?? "Dubbing" },
    settings: resolveSettings(opts.settings),
    mailer: opts.mailer,
    emailTemplates: opts.emailTemplates ?? {},
    sms: opts.sms,
    onUserDelete: opts.onUserDelete,
    signUpAllowed: opts.signUpAllowed ?? (async () => true),
    oauthProviders: opts.oauthProviders ?? {},
    now: opts.clock ?? (() => new Date()),
    encKey: encryptionKey(opts.project.secret),
    fetch: opts.fetch ?? fetch,
    env: opts.project.publicToken.includes("-test-") ? "test" : "live",
  };
}
