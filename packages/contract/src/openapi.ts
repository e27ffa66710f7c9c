import { z } from "zod";
import { ERROR_STATUS, type ErrorCode, errorBodySchema } from "./errors.ts";
import { type Access, type Answer, OPERATIONS, type Operation } from "./operations.ts";
import { dubCompletedDataSchema } from "./webhooks.ts";

// The OpenAPI 3.1 document, generated from the operations table (pure). Schemas are zod's own JSON Schema
// (draft 2020-12, the dialect of OpenAPI 3.1): requests as they are accepted, responses as they are sent.

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema; `io` "input" for what a client sends, "output" for what the server answers. */
function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  });
  return rest;
}

/** `/api/video/:id` → `/api/video/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]\w*)/g, "{$1}");

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  "signed-in": [{ session: [] }, { apiKey: [] }],
  "session-only": [{ session: [] }],
};

/** The error codes an operation may answer: its own, and those its access and body imply. */
export function errorCodesOf(op: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(op.errors ?? []);
  if (op.access !== "public") codes.add("unauthorized");
  // A key on a session-only route, or a read key on anything but GET.
  if (op.access === "session-only" || (op.access === "signed-in" && op.method !== "GET"))
    codes.add("forbidden");
  // A member below the operation's role; a workspace the caller is not in is a 404 like a missing one.
  if (op.role && op.role !== "viewer") codes.add("forbidden");
  if (op.role) codes.add("not_found");
  if (op.body || op.form || op.query) codes.add("validation_failed");
  // A body that is not JSON (or not the declared type) is refused before the route reads it.
  if (op.body) codes.add("bad_request");
  // A path parameter too long for any id is answered as an unknown address.
  if (op.path.includes(":")) codes.add("not_found");
  return [...codes];
}

function answer(a: Answer): JsonSchema {
  if ("json" in a)
    return {
      description: a.description,
      content: { "application/json": { schema: jsonSchemaOf(a.json, "output") } },
    };
  if ("content" in a) {
    const text = a.content.startsWith("text/") || a.content === "application/json";
    return {
      description: a.description,
      content: { [a.content]: { schema: text ? { type: "string" } : { type: "string", format: "binary" } } },
    };
  }
  return { description: a.description };
}

function operationObject(op: Operation): JsonSchema {
  const parameters: JsonSchema[] = [...op.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (op.role && !op.path.includes(":id"))
    parameters.push({
      name: "workspaceId",
      in: "query",
      required: false,
      description: "The workspace (default: the caller's personal one).",
      schema: { type: "string" },
    });
  for (const [name, field] of Object.entries(op.query?.shape ?? {})) {
    const schema = field as z.ZodType;
    parameters.push({
      name,
      in: "query",
      required: !schema.safeParse(undefined).success,
      schema: jsonSchemaOf(schema, "input"),
    });
  }
  const content: JsonSchema = {};
  if (op.body) content["application/json"] = { schema: jsonSchemaOf(op.body, "input") };
  if (op.form) content["multipart/form-data"] = { schema: jsonSchemaOf(op.form, "input") };
  if (op.urlencoded)
    content["application/x-www-form-urlencoded"] = { schema: jsonSchemaOf(op.urlencoded, "input") };

  const responses: JsonSchema = {};
  for (const [status, a] of Object.entries(op.responses)) responses[status] = answer(a);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(op))
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] ??= {
      description: codes.map((c) => `\`${c}\``).join(", "),
      content: { "application/json": { schema: jsonSchemaOf(errorBodySchema(codes), "output") } },
    };
  }
  responses.default = {
    description:
      "Any other error: 413 `body_too_large`, 429 `rate_limited`, 500 `internal`, 503 `unavailable`, …",
    content: { "application/json": { schema: jsonSchemaOf(errorBodySchema(), "output") } },
  };

  return {
    operationId: `${op.method.toLowerCase()}${openApiPath(op.path)
      .replace(/^\/api/, "")
      .replace(/[{}]/g, "")
      .split(/[/._-]/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join("")}`,
    summary: op.summary,
    ...(op.description && { description: op.description }),
    tags: [op.tag],
    "x-access": op.access,
    ...(op.role && { "x-role": op.role }),
    security: SECURITY[op.access],
    ...(parameters.length > 0 && { parameters }),
    // A body every field of which may be left out (generate-video) may be left out itself.
    ...(Object.keys(content).length > 0 && {
      requestBody: { required: !op.body?.safeParse(undefined).success, content },
    }),
    responses,
  };
}

/** The OpenAPI 3.1 document of every operation in `operations`. */
export function openApiDocument(operations: Operation[] = OPERATIONS): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    const path = openApiPath(op.path);
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = operationObject(op);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Dubbing service API",
      version: "1",
      description:
        'Every `/api` route of the service. JSON unless stated; errors are `{"error": {"code", "message", "details"?}}`. ' +
        "Sign in with the `dub_session` cookie or send a personal API key as `Authorization: Bearer dub_…` " +
        "(made on the Account page; a `read` key may only GET). See docs/API.md for the rules behind each answer.",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "dub_session" },
        apiKey: { type: "http", scheme: "bearer", description: "A personal API key (`dub_…`)." },
      },
    },
    paths,
    // what the service sends to the user's endpoints (docs/API.md "Webhooks")
    webhooks: {
      "dub.completed": {
        post: {
          summary: "A dub finished",
          requestBody: {
            content: {
              "application/json": {
                schema: jsonSchemaOf(
                  z.object({
                    type: z.literal("dub.completed"),
                    timestamp: z.string(),
                    data: dubCompletedDataSchema,
                  }),
                  "output",
                ),
              },
            },
          },
          responses: { "2XX": { description: "Received." } },
        },
      },
    },
  };
}
