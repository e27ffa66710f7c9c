// The request log holds no secret of a URL: every route of the running server (and every page of the web
// app) is walked, each path parameter is classified as a secret or not, and each secret one (and each
// secret query parameter) is filled with a marker that the logged URL must not contain.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggerOptions, redactUrl } from "../src/logs/options.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";

/** Path parameters that name a thing (an id, a language, a file), never a credential. */
const NOT_SECRET = new Set([
  ...["id", "userId", "projectId", "file", "language", "slug", "provider", "index"],
  ...["speakerId", "commentId", "inviteId", "target"],
  "*", // /media/*: a storage key; the link's secret is its ?sig= (below)
]);
/** Path parameters that carry a secret: an invitation's token, the identity provider's bootstrap token. */
const SECRET = new Set(["token"]);
/** Query parameters that carry a secret (sign-in, OAuth, media and export links). */
const SECRET_QUERY = ["token", "code", "state", "sig", "b", "session_token", "session_jwt"];

const MARK = "s3cr3t-MARK-0123456789";
const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z]+)|(\*)/g)].map((m) => m[1] ?? m[2]!);
const fill = (url: string, secret: string) =>
  url.replace(/:([A-Za-z]+)|\*/g, (_m, name: string | undefined) =>
    SECRET.has(name ?? "*") ? secret : `plain-${name ?? "key/a.mp4"}`,
  );

describe.each(MODES)("the request log redacts every secret of a URL (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(() => ts?.close());

  it("walks every route and every page: each path parameter is classified, each secret one hidden", async () => {
    const routes = ts.server.app!.routeTable.map((r) => r.url);
    const router = await readFile(path.resolve(import.meta.dirname, "../../web/src/router.tsx"), "utf8");
    const pages = [...router.matchAll(/path: "([^"]+)"/g)].map((m) => `/${m[1]}`);
    expect(routes.length).toBeGreaterThan(100);
    expect(pages).toContain("/invite/:token");
    const all = [...new Set([...routes, ...pages])];
    const unclassified = all.flatMap(paramsOf).filter((p) => !SECRET.has(p) && !NOT_SECRET.has(p));
    expect(unclassified).toEqual([]);
    const withSecret = all.filter((u) => paramsOf(u).some((p) => SECRET.has(p)));
    expect(withSecret.sort()).toEqual([
      "/api/invites/:token",
      "/invite/:token",
      "/sdk/v1/projects/bootstrap/:token",
    ]);
    for (const url of all) {
      const query = SECRET_QUERY.map((k) => `${k}=${MARK}-${k}`).join("&");
      const logged = redactUrl(`${fill(url, MARK)}?page=2&${query}`);
      expect(logged, url).not.toContain(MARK);
      expect(logged, url).toContain("page=2");
      for (const p of paramsOf(url).filter((n) => NOT_SECRET.has(n)))
        expect(logged, url).toContain(`plain-${p === "*" ? "key/a.mp4" : p}`);
    }
    expect(redactUrl("/api/invites/accept")).toBe("/api/invites/accept");
  });
});

describe("the request log", () => {
  it("writes an invitation's link, its API call and a media link without their secrets", async () => {
    let log = "";
    const stream = new Writable({
      write(chunk, _enc, done) {
        log += chunk.toString();
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions("info"), stream } });
    app.get("/invite/:token", async () => "page");
    app.get("/api/invites/:token", async () => "invitation");
    app.get("/media/*", async () => "media");
    await app.inject({ url: `/invite/${MARK}-page` });
    await app.inject({ url: `/api/invites/${MARK}-api` });
    await app.inject({ url: `/media/videos/1/original.mp4?exp=1&sig=${MARK}-media` });
    await app.close();
    expect(log).toContain("/invite/[redacted]");
    expect(log).toContain("/api/invites/[redacted]");
    expect(log).toContain("/media/videos/1/original.mp4");
    expect(log).not.toContain(MARK);
  });
});
