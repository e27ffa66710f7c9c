import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, type ErrorCode, errorBody } from "../errors.ts";

// Fastify's own error codes that mean the client sent something wrong.
const CLIENT_ERRORS = new Map<string, [number, ErrorCode, string]>([
  ["FST_ERR_CTP_BODY_TOO_LARGE", [413, "body_too_large", "The request body is too large."]],
  [
    "FST_ERR_CTP_INVALID_MEDIA_TYPE",
    [415, "unsupported_media_type", "This content type is not accepted here."],
  ],
  ["FST_ERR_CTP_EMPTY_JSON_BODY", [400, "bad_request", "The JSON body is empty."]],
  ["FST_ERR_CTP_INVALID_CONTENT_LENGTH", [400, "bad_request", "The Content-Length header is wrong."]],
  ["FST_ERR_VALIDATION", [400, "validation_failed", "The request is not valid."]],
]);

/**
 * Errors Fastify answers before any route runs (a path parameter over 100 characters, a malformed URL),
 * in the API's shape too. Passed as the `frameworkErrors` option. A parameter that long names nothing
 * that exists: 404, as when the web app's catch-all route is there to take the address (the router only
 * reports the length when no other route can).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH")
    return reply.code(404).send(noRoute(request.method, request.url));
  return reply.code(400).send(errorBody("bad_request", "The address is not valid."));
}

/** Every error leaves as `{"error": {"code", "message"}}`; unknown errors are logged and never shown. */
export function errorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A provider that failed us (502/503): the user sees our message, the log keeps what went wrong.
      if (error.status >= 500 && error.cause !== undefined)
        request.log.warn({ err: error.cause, code: error.code }, "answered with a provider error");
      return reply.code(error.status).send(errorBody(error.code, error.message, error.details));
    }
    const known = error.code ? CLIENT_ERRORS.get(error.code) : undefined;
    if (known) return reply.code(known[0]).send(errorBody(known[1], known[2]));
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return reply.code(400).send(errorBody("bad_request", "The request body is not valid JSON."));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(errorBody("bad_request", error.message));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send(errorBody("internal", "Something went wrong on our side. Please try again."));
  });

  app.setNotFoundHandler((request, reply) => reply.code(404).send(noRoute(request.method, request.url)));
}

/** The 404 body for an address no route answers. */
export function noRoute(method: string, url: string) {
  return errorBody("not_found", `No route for ${method} ${shortPath(url)}.`);
}

/** The path without its query, cut to 100 characters (an address can be kilobytes long). */
function shortPath(url: string): string {
  const path = url.split("?")[0]!;
  return path.length > 100 ? `${path.slice(0, 100)}…` : path;
}
