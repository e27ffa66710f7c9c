import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { noRoute } from "./errors.ts";

/** Serves the built React app; any non-API GET falls back to index.html so client routes deep-link. */
export async function webApp(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, "index.html"))) {
    app.log.warn(`web app not built at ${distDir}; run "npm run build -w @dubbing/web"`);
    return;
  }
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ["index.html"] });
  app.get("/*", (request, reply) => {
    const url = request.url.split("?")[0]!;
    if (url.startsWith("/api/") || url.startsWith("/media/")) {
      return reply.code(404).send(noRoute("GET", url));
    }
    if (path.extname(url)) return reply.sendFile(url.slice(1));
    return reply.sendFile("index.html");
  });
}
