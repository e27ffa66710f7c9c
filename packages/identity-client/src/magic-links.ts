import { applyAuthentication, type ClientContext } from "./context.ts";
import { FALLBACK_MESSAGES, IdentityError } from "./errors.ts";
import type { PKCEStore } from "./pkce.ts";
import type {
  AuthenticateResponse,
  RawAuthenticateData,
  ResponseCommon,
  SessionDurationOptions,
} from "./types.ts";
import { validate } from "./validate.ts";

export interface MagicLinkEmailOptions {
  login_magic_link_url?: string;
  signup_magic_link_url?: string;
  login_expiration_minutes?: number;
  signup_expiration_minutes?: number;
  login_template_id?: string;
  signup_template_id?: string;
  locale?: string;
  create_user_as_pending?: boolean;
  domain_hint?: string;
}

export interface MagicLinkSendResponse extends ResponseCommon {
  user_id?: string;
  email_id?: string;
  user_created?: boolean;
  [key: string]: unknown;
}

export interface MagicLinksAPI {
  email: {
    /** POST /magic_links/email/login_or_create. */
    loginOrCreate(email: string, options?: MagicLinkEmailOptions): Promise<MagicLinkSendResponse>;
    /** POST /magic_links/email/send/primary, or /secondary when a session exists. */
    send(email: string, options?: MagicLinkEmailOptions): Promise<MagicLinkSendResponse>;
  };
  /** POST /magic_links/authenticate with the token from the link and the stored PKCE verifier. */
  authenticate(token: string, options: SessionDurationOptions): Promise<AuthenticateResponse>;
}

function checkEmailOptions(method: string, email: unknown, o: MagicLinkEmailOptions): void {
  validate(method)
    .string("email", email)
    .optionalString("login_magic_link_url", o.login_magic_link_url)
    .optionalString("signup_magic_link_url", o.signup_magic_link_url)
    .optionalNumber("login_expiration_minutes", o.login_expiration_minutes)
    .optionalNumber("signup_expiration_minutes", o.signup_expiration_minutes)
    .optionalString("login_template_id", o.login_template_id)
    .optionalString("signup_template_id", o.signup_template_id)
    .optionalString("locale", o.locale)
    .optionalBoolean("create_user_as_pending", o.create_user_as_pending);
}

export function createMagicLinksAPI(ctx: ClientContext): MagicLinksAPI {
  /** A code challenge when the project requires PKCE for magic links (bootstrap), else none. */
  const codeChallenge = async (): Promise<string | undefined> => {
    const { pkceRequiredForEmailMagicLinks } = await ctx.bootstrap.get();
    return pkceRequiredForEmailMagicLinks ? ctx.pkce.magicLinks.challenge() : undefined;
  };

  const sendTo = async (path: string, method: string, email: string, options: MagicLinkEmailOptions) => {
    checkEmailOptions(method, email, options);
    const code_challenge = await codeChallenge();
    return ctx.http.request<MagicLinkSendResponse>({
      method: "POST",
      path,
      body: { ...options, email, code_challenge },
      errorMessage: FALLBACK_MESSAGES.magicLinkSend,
      captcha: true,
    });
  };

  const authenticateWith = async (pkce: PKCEStore, token: string, options: SessionDurationOptions) => {
    const data = await ctx.http.request<RawAuthenticateData>({
      method: "POST",
      path: "/magic_links/authenticate",
      body: { code_verifier: pkce.get()?.code_verifier, token, ...options },
      errorMessage: FALLBACK_MESSAGES.tokenAuthenticate,
    });
    pkce.clear();
    return data;
  };

  return {
    email: {
      loginOrCreate: (email, options = {}) =>
        sendTo("/magic_links/email/login_or_create", "magicLinks.email.loginOrCreate", email, options),
      send: (email, options = {}) =>
        sendTo(
          ctx.store.getSession() ? "/magic_links/email/send/secondary" : "/magic_links/email/send/primary",
          "magicLinks.email.send",
          email,
          options,
        ),
    },
    async authenticate(token, options) {
      validate("magicLinks.authenticate")
        .string("token", token)
        .number("session_duration_minutes", options?.session_duration_minutes);
      // A password-reset email also offers "log in without a password", which lands here while the
      // verifier sits in the passwords namespace. Try that one first, then the magic-link one.
      let data: RawAuthenticateData | undefined;
      if (ctx.pkce.passwords.get()) {
        try {
          data = await authenticateWith(ctx.pkce.passwords, token, options);
        } catch (err) {
          if (!(err instanceof IdentityError && /pkce/i.test(err.message))) throw err;
        }
      }
      data ??= await authenticateWith(ctx.pkce.magicLinks, token, options);
      return applyAuthentication(ctx, data);
    },
  };
}
