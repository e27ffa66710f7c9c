import type { FastifyError, FastifyInstance } from "fastify";
import { AppError, errorBody } from "../errors.ts";

// Fastify's own error codes that mean the client sent something wrong.
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "body_too_large", "The request body is too large."],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "unsupported_media_type", "This content type is not accepted here."],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "bad_request", "The JSON body is empty."],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "bad_request", "The Content-Length header is wrong."],
  FST_ERR_VALIDATION: [400, "validation_failed", "The request is not valid."],
};

/** Every error leaves as `{"error": {"code", "message"}}`; unknown errors are logged and never shown. */
export function errorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send(errorBody(error.code, error.message, error.details));
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
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

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(errorBody("not_found", `No route for ${request.method} ${request.url.split("?")[0]}.`)),
  );
}
