// `/sdk/v1/*`: the browser SDK API, wire-compatible with the public Stytch SDK.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Call } from "../call.ts";
import type { Ctx } from "../context.ts";
import { IdentityError } from "../errors.ts";
import {
  magicLinkAuthenticate,
  magicLinkAuthenticateBody,
  magicLinkLoginOrCreate,
  magicLinkSend,
  magicLinkSendBody,
} from "../methods/magic-links.ts";
import {
  bootstrap,
  deleteFactor,
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
import { callerOf, errorPayload, parse, parseBasic, requestId, sdkCall, send } from "./plumbing.ts";

type Handler = (call: Call, req: FastifyRequest) => Promise<object> | object;

export type SdkRegistrar = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  handler: Handler,
) => void;

export function sdkRegistrar(app: FastifyInstance, ctx: Ctx): SdkRegistrar {
  return (method, path, handler) => {
    app.route({
      method,
      url: `/sdk/v1${path}`,
      handler: async (req, reply) => {
        const rid = requestId(ctx);
        try {
          const call = await sdkCall(ctx, req);
          return send(reply, "sdk", rid, await handler(call, req));
        } catch (err) {
          if (!(err instanceof IdentityError) || err.status >= 500)
            req.log.error({ err }, "identity sdk call failed");
          const { status, body } = errorPayload(ctx, err, rid);
          return reply.code(status).send(body);
        }
      },
    });
  };
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
  app.post("/sdk/v1/events", async (req, reply) => {
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
}
