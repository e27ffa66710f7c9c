import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import {
  ensureProject,
  identityServer,
  type Mailer,
  type ProjectConfig,
  SmtpMailer,
} from "@dubbing/identity-server";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { DevMailbox } from "./mailbox.ts";

export const MAGIC_LINK_CALLBACK = "/api/stytch";
export const GOOGLE_CALLBACK = "/api/stytch/google";
/** Sessions made by the app's callbacks last as long as the app's own session (30 days). */
export const APP_SESSION_MINUTES = 30 * 24 * 60;

export interface Identity {
  project: ProjectConfig;
  mailer: Mailer;
  devMailbox: DevMailbox | null;
}

/** Prepares the identity provider's project and mailer (its tables are migrated with the app's). */
export async function prepareIdentity(db: Db, config: Config): Promise<Identity> {
  const origins = [new URL(config.publicUrl).origin, ...config.identity.extraOrigins];
  const project = await ensureProject(db, {
    projectId: config.identity.projectId,
    publicToken: config.identity.publicToken,
    secret: config.identity.secret,
    redirectUrls: [`${config.publicUrl}${MAGIC_LINK_CALLBACK}`, `${config.publicUrl}${GOOGLE_CALLBACK}`],
    allowedOrigins: [...new Set(origins)],
    name: "AI Video Dubbing",
  });
  return { project, ...appMailer(db, config) };
}

/** How the service sends email: SMTP when configured, else the development mailbox (kept in the database). */
export function appMailer(db: Db, config: Config): { mailer: Mailer; devMailbox: DevMailbox | null } {
  const devMailbox =
    config.devMailbox === "off" ? null : new DevMailbox(db, { print: config.logLevel !== "silent" });
  return {
    mailer: devMailbox ?? new SmtpMailer({ url: config.smtpUrl!, from: config.mailFrom }),
    devMailbox,
  };
}

/** The provider prepared (prepareIdentity), and what the app answers for it. */
export interface IdentityMount {
  identity: Identity;
  /** An operator deleted an identity user: close its app account. */
  onUserDelete: (identityUserId: string) => Promise<void>;
  /** Who may sign up (auth/sign-up-rule.ts): asked wherever the provider would make a user. */
  signUpAllowed: (email: string | null) => Promise<boolean>;
}

/** Mounts the identity provider's SDK API (/sdk/v1) and backend API (/v1) on the app. */
export async function mountIdentity(
  app: FastifyInstance,
  db: Db,
  config: Config,
  { identity, onUserDelete, signUpAllowed }: IdentityMount,
) {
  await app.register(identityServer, {
    db,
    publicUrl: config.publicUrl,
    project: identity.project,
    mailer: identity.mailer,
    emailTemplates: await loadEmailTemplates(config.identity.emailTemplatesDir),
    oauthProviders: config.identity.oauthProviders,
    onUserDelete,
    signUpAllowed,
    // The app's callbacks exchange tokens on the server, where no browser-held PKCE verifier exists.
    settings: {
      pkce: { magicLinks: false, oauth: false, passwordResets: true },
      products: config.identity.products,
      // The widget's password screen needs user search; without passwords it would only enumerate accounts.
      userSearch: config.identity.products.includes("passwords"),
      rateLimits: config.identity.rateLimits,
    },
  });
}

/** `magic_link_login.html`, `magic_link_login.es.html` … → { "magic_link_login": html, … }. */
export async function loadEmailTemplates(dir: string | undefined): Promise<Record<string, string>> {
  if (!dir) return {};
  const names = (await readdir(dir)).filter((name) => name.endsWith(".html"));
  const entries = await Promise.all(
    names.map(async (name) => [name.slice(0, -".html".length), await readFile(path.join(dir, name), "utf8")]),
  );
  return Object.fromEntries(entries);
}
