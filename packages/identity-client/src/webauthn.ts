import { applyAuthentication, type ClientContext } from "./context.ts";
import { BrowserCapabilityError, ERROR_CODES, FALLBACK_MESSAGES } from "./errors.ts";
import type {
  AuthenticateResponse,
  RawAuthenticateData,
  ResponseCommon,
  WebAuthnRegistration,
} from "./types.ts";
import { isPlainObject, validate } from "./validate.ts";
import {
  assertionToJSON,
  attestationToJSON,
  type CredentialLike,
  creationOptionsFromJSON,
  requestOptionsFromJSON,
} from "./webauthn-json.ts";

export interface WebAuthnRegisterOptions {
  /** Relying-party domain (default: the page's hostname). */
  domain?: string;
  authenticator_type?: "platform" | "cross-platform";
  is_passkey?: boolean;
  session_duration_minutes?: number;
}

export interface WebAuthnAuthenticateOptions {
  domain?: string;
  session_duration_minutes: number;
  is_passkey?: boolean;
  /** Passkey autofill: the browser offers passkeys in inputs with autocomplete="… webauthn". */
  conditional_mediation?: boolean;
  signal?: AbortSignal;
}

export interface WebAuthnAPI {
  /** POST /webauthn/register/start → navigator.credentials.create → POST /webauthn/register. */
  register(options?: WebAuthnRegisterOptions): Promise<AuthenticateResponse>;
  /**
   * POST /webauthn/authenticate/start/{primary|secondary} → navigator.credentials.get →
   * POST /webauthn/authenticate. Resolves to null when conditional mediation is asked for but unavailable.
   */
  authenticate(options: WebAuthnAuthenticateOptions): Promise<AuthenticateResponse | null>;
  /** PUT /webauthn/update/{webauthn_registration_id}: rename a passkey. */
  update(options: {
    webauthn_registration_id: string;
    name: string;
  }): Promise<ResponseCommon & { webauthn_registration?: WebAuthnRegistration }>;
  /** Whether the browser supports passkey autofill (conditional mediation). */
  browserSupportsAutofill(): Promise<boolean>;
}

function parseOptions(value: unknown, what: string): Record<string, unknown> {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  if (!isPlainObject(parsed)) throw new TypeError(`Malformed ${what}`);
  // Some servers wrap the options as { publicKey: {...} }.
  return isPlainObject(parsed.publicKey) ? parsed.publicKey : parsed;
}

export function createWebAuthnAPI(ctx: ClientContext): WebAuthnAPI {
  const credentials = (): CredentialsContainer => {
    const c = ctx.env.credentials;
    if (!c) {
      throw new BrowserCapabilityError(
        ERROR_CODES.webauthnUnsupported,
        "This browser does not support passkeys.",
      );
    }
    return c;
  };
  const browserSupportsAutofill = async (): Promise<boolean> => {
    const pkc = ctx.env.publicKeyCredential;
    if (!pkc?.isConditionalMediationAvailable) return false;
    try {
      return await pkc.isConditionalMediationAvailable();
    } catch {
      return false;
    }
  };

  return {
    async register(options = {}) {
      validate("webauthn.register")
        .optionalString("domain", options.domain)
        .optionalString("authenticator_type", options.authenticator_type)
        .optionalBoolean("is_passkey", options.is_passkey)
        .optionalNumber("session_duration_minutes", options.session_duration_minutes);
      const start = await ctx.http.request<{ public_key_credential_creation_options: unknown }>({
        method: "POST",
        path: "/webauthn/register/start",
        body: {
          domain: options.domain ?? ctx.env.location.hostname,
          authenticator_type: options.authenticator_type,
          return_passkey_credential_options: options.is_passkey,
          user_agent: ctx.env.userAgent,
        },
        errorMessage: FALLBACK_MESSAGES.webauthnRegisterStart,
      });
      const publicKey = creationOptionsFromJSON(
        parseOptions(start.public_key_credential_creation_options, "credential creation options"),
      );
      const credential = (await credentials().create({ publicKey })) as unknown as CredentialLike | null;
      if (!credential) throw new TypeError("No credential was created");
      const data = await ctx.http.request<RawAuthenticateData>({
        method: "POST",
        path: "/webauthn/register",
        body: {
          public_key_credential: JSON.stringify(attestationToJSON(credential)),
          session_duration_minutes: options.session_duration_minutes,
        },
        errorMessage: FALLBACK_MESSAGES.webauthnRegister,
      });
      return applyAuthentication(ctx, data);
    },

    async authenticate(options) {
      validate("webauthn.authenticate")
        .optionalString("domain", options?.domain)
        .number("session_duration_minutes", options?.session_duration_minutes)
        .optionalBoolean("is_passkey", options.is_passkey)
        .optionalBoolean("conditional_mediation", options.conditional_mediation)
        .optionalObject("signal", options.signal);
      if (options.conditional_mediation) {
        if (!(await browserSupportsAutofill())) {
          ctx.logger.error("Browser does not support WebAuthn autofill");
          return null;
        }
        const inputs = globalThis.document?.querySelectorAll("input[autocomplete*='webauthn']");
        if (!inputs || inputs.length < 1) {
          ctx.logger.error('No <input> with "webauthn" in its `autocomplete` attribute was detected');
          return null;
        }
      }
      const start = await ctx.http.request<{ public_key_credential_request_options: unknown }>({
        method: "POST",
        path: ctx.store.getSession()
          ? "/webauthn/authenticate/start/secondary"
          : "/webauthn/authenticate/start/primary",
        body: {
          domain: options.domain ?? ctx.env.location.hostname,
          return_passkey_credential_options: options.is_passkey,
        },
        errorMessage: FALLBACK_MESSAGES.webauthnAuthenticateStart,
      });
      const publicKey = requestOptionsFromJSON(
        parseOptions(start.public_key_credential_request_options, "credential request options"),
      );
      const request: CredentialRequestOptions = { publicKey };
      if (options.signal) request.signal = options.signal;
      if (options.conditional_mediation) request.mediation = "conditional";
      const credential = (await credentials().get(request)) as unknown as CredentialLike | null;
      if (!credential) throw new TypeError("No credential was returned");
      const data = await ctx.http.request<RawAuthenticateData>({
        method: "POST",
        path: "/webauthn/authenticate",
        body: {
          public_key_credential: JSON.stringify(assertionToJSON(credential)),
          session_duration_minutes: options.session_duration_minutes,
        },
        errorMessage: FALLBACK_MESSAGES.webauthnAuthenticate,
        captcha: true,
      });
      return applyAuthentication(ctx, data);
    },

    async update(o) {
      validate("webauthn.update")
        .string("webauthn_registration_id", o?.webauthn_registration_id)
        .string("name", o?.name);
      return ctx.http.request({
        method: "PUT",
        path: `/webauthn/update/${encodeURIComponent(o.webauthn_registration_id)}`,
        body: { name: o.name },
        errorMessage: FALLBACK_MESSAGES.webauthnUpdate,
      });
    },

    browserSupportsAutofill,
  };
}
