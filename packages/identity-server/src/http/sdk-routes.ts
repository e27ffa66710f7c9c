// `/sdk/v1/*`: the browser SDK API, wire-compatible with the public Stytch SDK.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Call } from "../call.ts";
import { CAPTCHA_PROTECTED, CaptchaRequired, checkCaptcha } from "../captcha.ts";
import type { Ctx } from "../context.ts";
import { IdentityError } from "../errors.ts";
import {
  walletAuthenticate,
  walletAuthenticateBody,
  walletStart,
  walletStartBody,
} from "../methods/crypto-wallets.ts";
import { oneTapStart, oneTapStartBody, oneTapSubmit, oneTapSubmitBody } from "../methods/google-one-tap.ts";
import {
  magicLinkAuthenticate,
  magicLinkAuthenticateBody,
  magicLinkLoginOrCreate,
  magicLinkSend,
  magicLinkSendBody,
} from "../methods/magic-links.ts";
import { oauthAuthenticate, oauthAuthenticateBody } from "../methods/oauth.ts";
import {
  otpAuthenticate,
  otpAuthenticateBody,
  otpEmailBody,
  otpEmailLoginOrCreate,
  otpEmailSend,
  otpPhoneBody,
  otpPhoneLoginOrCreate,
  otpPhoneSend,
} from "../methods/otps.ts";
import {
  passwordAuthenticate,
  passwordAuthenticateBody,
  passwordCreate,
  passwordCreateBody,
  passwordResetByEmail,
  passwordResetByExisting,
  passwordResetBySession,
  passwordResetStart,
  resetByEmailBody,
  resetByExistingBody,
  resetBySessionBody,
  resetStartBody,
  strengthBody,
  strengthCheck,
} from "../methods/passwords.ts";
import {
  bootstrap,
  deleteFactor,
  EVENTS_BODY_BYTES,
  eventsBody,
  type FactorKind,
  sdkSessionAuthenticate,
  sdkSessionRevoke,
  sessionAuthenticateBody,
  storeEvents,
  usersMe,
  usersSearch,
  usersSearchBody,
  usersUpdate,
  usersUpdateBody,
} from "../methods/sessions-users.ts";
import {
  totpAuthenticate,
  totpAuthenticateBody,
  totpCreate,
  totpCreateBody,
  totpRecover,
  totpRecoverBody,
  totpRecoveryCodes,
} from "../methods/totp.ts";
import {
  webauthnAuthenticate,
  authenticateBody as webauthnAuthenticateBody,
  webauthnAuthenticateStart,
  authenticateStartBody as webauthnAuthenticateStartBody,
  webauthnRegister,
  registerBody as webauthnRegisterBody,
  webauthnRegisterStart,
  registerStartBody as webauthnRegisterStartBody,
  webauthnUpdate,
  updateBody as webauthnUpdateBody,
} from "../methods/webauthn.ts";
import { PRODUCTS, type Product } from "../options.ts";
import { callerOf, errorPayload, parse, parseBasic, requestId, sdkCall, send } from "./plumbing.ts";

type Handler = (call: Call, req: FastifyRequest) => Promise<object> | object;

type SdkRegistrar = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, handler: Handler) => void;

export function sdkRegistrar(app: FastifyInstance, ctx: Ctx): SdkRegistrar {
  return (method, path, handler) => {
    app.route({
      method,
      url: `/sdk/v1${path}`,
      handler: async (req, reply) => {
        const rid = requestId(ctx);
        try {
          const call = await sdkCall(ctx, req);
          const product = productOf(path);
          if (product && !ctx.settings.products.includes(product))
            throw new IdentityError("endpoint_not_authorized_for_sdk");
          if (CAPTCHA_PROTECTED.has(path)) {
            await checkCaptcha(
              ctx,
              call.caller,
              (req.body as { captcha_token?: unknown } | undefined)?.captcha_token,
            );
          }
          return send(reply, "sdk", rid, await handler(call, req));
        } catch (err) {
          if (err instanceof CaptchaRequired)
            return reply.code(403).type("text/plain").send("Captcha required");
          if (!(err instanceof IdentityError) || err.status >= 500)
            req.log.error({ err }, "identity sdk call failed");
          const { status, body } = errorPayload(ctx, err, rid);
          return reply.code(status).send(body);
        }
      },
    });
  };
}

/** The product an SDK path belongs to; user search exists for the password flow only. */
function productOf(path: string): Product | null {
  if (path === "/users/search") return "passwords";
  const segment = path.split("/")[1] as Product;
  return (PRODUCTS as readonly string[]).includes(segment) ? segment : null;
}

export function registerCoreSdkRoutes(app: FastifyInstance, ctx: Ctx, route: SdkRegistrar): void {
  app.get<{ Params: { token: string } }>("/sdk/v1/projects/bootstrap/:token", async (req, reply) => {
    const rid = requestId(ctx);
    if (req.params.token !== ctx.project.publicToken) {
      const { status, body } = errorPayload(ctx, new IdentityError("invalid_public_token"), rid);
      return reply.code(status).send(body);
    }
    return send(
      reply,
      "sdk",
      rid,
      bootstrap({ ctx, caller: callerOf(req), session: null, sessionInvalid: false }),
    );
  });

  // Telemetry: the SDK posts batches without credentials.
  // A batch of the SDK's events is a few KB; anything near this is not telemetry.
  app.post("/sdk/v1/events", { bodyLimit: EVENTS_BODY_BYTES }, async (req, reply) => {
    const rid = requestId(ctx);
    try {
      const call: Call = { ctx, caller: callerOf(req), session: null, sessionInvalid: false };
      return send(reply, "sdk", rid, await storeEvents(call, parse(eventsBody, req.body)));
    } catch (err) {
      const { status, body } = errorPayload(ctx, err, rid);
      return reply.code(status).send(body);
    }
  });

  route("POST", "/sessions/authenticate", (call, req) =>
    sdkSessionAuthenticate(
      call,
      parse(sessionAuthenticateBody, req.body),
      parseBasic(req.headers.authorization)?.pass ?? "",
    ),
  );
  route("POST", "/sessions/revoke", (call) => sdkSessionRevoke(call));
  route("GET", "/users/me", (call) => usersMe(call));
  route("PUT", "/users/me", (call, req) => usersUpdate(call, parse(usersUpdateBody, req.body)));
  route("POST", "/users/search", (call, req) => usersSearch(call, parse(usersSearchBody, req.body)));
  for (const kind of [
    "emails",
    "phone_numbers",
    "totps",
    "oauth",
    "webauthn_registrations",
    "biometric_registrations",
    "crypto_wallets",
    "passwords",
  ] as FactorKind[]) {
    route("DELETE", `/users/${kind}/:id`, (call, req) =>
      deleteFactor(call, kind, (req.params as { id: string }).id),
    );
  }

  registerFactorRoutes(route);
}

/** The sign-in factors: magic links, one-time codes, passwords, OAuth, TOTP and passkeys. */
function registerFactorRoutes(route: SdkRegistrar): void {
  route("POST", "/magic_links/email/login_or_create", (call, req) =>
    magicLinkLoginOrCreate(call, parse(magicLinkSendBody, req.body)).then(() => ({})),
  );
  route("POST", "/magic_links/email/send/primary", (call, req) =>
    magicLinkSend(call, parse(magicLinkSendBody, req.body), false),
  );
  route("POST", "/magic_links/email/send/secondary", (call, req) =>
    magicLinkSend(call, parse(magicLinkSendBody, req.body), true),
  );
  route("POST", "/magic_links/authenticate", (call, req) =>
    magicLinkAuthenticate(call, parse(magicLinkAuthenticateBody, req.body)),
  );

  route("POST", "/otps/email/login_or_create", (call, req) =>
    otpEmailLoginOrCreate(call, parse(otpEmailBody, req.body)),
  );
  route("POST", "/otps/email/send/primary", (call, req) =>
    otpEmailSend(call, parse(otpEmailBody, req.body), false),
  );
  route("POST", "/otps/email/send/secondary", (call, req) =>
    otpEmailSend(call, parse(otpEmailBody, req.body), true),
  );
  for (const channel of ["sms", "whatsapp"] as const) {
    route("POST", `/otps/${channel}/login_or_create`, (call, req) =>
      otpPhoneLoginOrCreate(call, parse(otpPhoneBody, req.body), channel),
    );
    route("POST", `/otps/${channel}/send/primary`, (call, req) =>
      otpPhoneSend(call, parse(otpPhoneBody, req.body), channel, false),
    );
    route("POST", `/otps/${channel}/send/secondary`, (call, req) =>
      otpPhoneSend(call, parse(otpPhoneBody, req.body), channel, true),
    );
  }
  route("POST", "/otps/authenticate", (call, req) =>
    otpAuthenticate(call, parse(otpAuthenticateBody, req.body)),
  );

  route("POST", "/passwords", (call, req) => passwordCreate(call, parse(passwordCreateBody, req.body)));
  route("POST", "/passwords/authenticate", (call, req) =>
    passwordAuthenticate(call, parse(passwordAuthenticateBody, req.body)),
  );
  route("POST", "/passwords/strength_check", (call, req) =>
    strengthCheck(call, parse(strengthBody, req.body)),
  );
  route("POST", "/passwords/email/reset/start", (call, req) =>
    passwordResetStart(call, parse(resetStartBody, req.body)),
  );
  route("POST", "/passwords/email/reset", (call, req) =>
    passwordResetByEmail(call, parse(resetByEmailBody, req.body)),
  );
  route("POST", "/passwords/existing_password/reset", (call, req) =>
    passwordResetByExisting(call, parse(resetByExistingBody, req.body)),
  );
  route("POST", "/passwords/session/reset", (call, req) =>
    passwordResetBySession(call, parse(resetBySessionBody, req.body)),
  );

  route("POST", "/oauth/authenticate", (call, req) =>
    oauthAuthenticate(call, parse(oauthAuthenticateBody, req.body)),
  );
  route("POST", "/oauth/google/onetap/start", (call, req) =>
    oneTapStart(call, parse(oneTapStartBody, req.body)),
  );
  route("POST", "/oauth/google/onetap/submit", (call, req) =>
    oneTapSubmit(call, parse(oneTapSubmitBody, req.body)),
  );

  route("POST", "/totps", (call, req) => totpCreate(call, parse(totpCreateBody, req.body)));
  route("POST", "/totps/authenticate", (call, req) =>
    totpAuthenticate(call, parse(totpAuthenticateBody, req.body)),
  );
  route("POST", "/totps/recovery_codes", (call) => totpRecoveryCodes(call));
  route("POST", "/totps/recover", (call, req) => totpRecover(call, parse(totpRecoverBody, req.body)));

  route("POST", "/webauthn/register/start", (call, req) =>
    webauthnRegisterStart(call, parse(webauthnRegisterStartBody, req.body)),
  );
  route("POST", "/webauthn/register", (call, req) =>
    webauthnRegister(call, parse(webauthnRegisterBody, req.body)),
  );
  route("POST", "/webauthn/authenticate/start/primary", (call, req) =>
    webauthnAuthenticateStart(call, parse(webauthnAuthenticateStartBody, req.body), false),
  );
  route("POST", "/webauthn/authenticate/start/secondary", (call, req) =>
    webauthnAuthenticateStart(call, parse(webauthnAuthenticateStartBody, req.body), true),
  );
  route("POST", "/webauthn/authenticate", (call, req) =>
    webauthnAuthenticate(call, parse(webauthnAuthenticateBody, req.body)),
  );
  route("PUT", "/webauthn/update/:id", (call, req) =>
    webauthnUpdate(call, (req.params as { id: string }).id, parse(webauthnUpdateBody, req.body)),
  );

  route("POST", "/crypto_wallets/authenticate/start/primary", (call, req) =>
    walletStart(call, parse(walletStartBody, req.body), false),
  );
  route("POST", "/crypto_wallets/authenticate/start/secondary", (call, req) =>
    walletStart(call, parse(walletStartBody, req.body), true),
  );
  route("POST", "/crypto_wallets/authenticate", (call, req) =>
    walletAuthenticate(call, parse(walletAuthenticateBody, req.body)),
  );

  // B2B organizations are not part of this provider: answer clearly instead of a bare 404.
  route("POST", "/b2b/organizations/members/search", () => {
    throw new IdentityError("bad_request", "B2B organizations are not supported by this identity provider.");
  });
}
