import { createReadStream } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { openApiDocument } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { PUBLIC } from "../auth/access.ts";
import { AppError } from "../errors.ts";

const SWAGGER_UI = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

/**
 * The files of the rendered reference, by the name /api/docs/{file} serves them under: Swagger UI's bundle
 * and stylesheet from npm (swagger-ui-dist) and our starter script. Only these; all from this origin, so the
 * page runs under the site's CSP (scripts from 'self' only, no inline script).
 */
const FILES = new Map([
  ["swagger-ui-bundle.js", { file: path.join(SWAGGER_UI, "swagger-ui-bundle.js"), type: "text/javascript" }],
  ["swagger-ui.css", { file: path.join(SWAGGER_UI, "swagger-ui.css"), type: "text/css" }],
  ["start.js", { file: path.join(import.meta.dirname, "start.js"), type: "text/javascript" }],
]);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference · Dubbing service</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui" aria-label="API reference"></main>
    <noscript>The reference needs JavaScript; the description itself is at /api/openapi.json.</noscript>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

/** GET /api/openapi.json (generated from @dubbing/contract) and the reference that renders it, /api/docs. */
export function apiDocsRoutes(app: FastifyInstance) {
  // The document depends only on the contract: made once per process.
  const document = JSON.stringify(openApiDocument());

  app.get("/api/openapi.json", PUBLIC, async (_request, reply) =>
    reply.type("application/json; charset=utf-8").header("cache-control", "no-cache").send(document),
  );

  app.get("/api/docs", PUBLIC, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(PAGE),
  );

  app.get<{ Params: { file: string } }>("/api/docs/:file", PUBLIC, async (request, reply) => {
    const asset = FILES.get(request.params.file);
    if (!asset) throw new AppError("not_found", "There is no such file of the API reference.");
    return reply
      .type(`${asset.type}; charset=utf-8`)
      .header("cache-control", "public, max-age=3600")
      .send(createReadStream(asset.file));
  });
}
