// The OpenAPI document is generated from the contract's operations table; these tests
// keep the table, the server's routes and the rendered reference in step (the dubbing flow test checks
// the real answers against the document).
import { OPERATIONS, operationKey } from "@dubbing/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";
import { answerChecker, type Json } from "./openapi-check.ts";

// The routes are registered the same way in both modes: one (embedded) server is enough here.
describe("the published API description", () => {
  let ts: TestServer;
  let document: Json;

  beforeAll(async () => {
    ts = await startTestServer("embedded");
    const res = await api(ts.baseUrl, null, "GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    document = res.body;
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("documents every /api route of the server, and nothing else, with the access it declares", () => {
    const routes = ts.server.app!.apiRoutes.filter((r) => r.method !== "HEAD");
    const documented = new Map<string, string>();
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>))
      for (const [method, op] of Object.entries(item))
        documented.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`, op["x-access"]);
    // The operator console's routes are deliberately not advertised (404 to anyone but an admin).
    const consoleRoutes = routes.filter((r) => r.access === "admin").map((r) => `${r.method} ${r.url}`);
    expect(consoleRoutes.every((key) => key.includes(" /api/admin/"))).toBe(true);
    expect([...documented.keys()].filter((key) => key.includes(" /api/admin"))).toEqual([]);
    const registered = new Map(
      routes.filter((r) => r.access !== "admin").map((r) => [`${r.method} ${r.url}`, r.access]),
    );

    // Named one by one, so a new route that was not added to packages/contract/src/operations.ts says which.
    const missing = [...registered.keys()].filter((key) => !documented.has(key));
    expect.soft(missing, "routes missing from the API description (add them to OPERATIONS)").toEqual([]);
    const extra = [...documented.keys()].filter((key) => !registered.has(key));
    expect.soft(extra, "operations in the API description that the server does not have").toEqual([]);
    const wrongAccess = [...registered].filter(([key, access]) => documented.get(key) !== access);
    expect(wrongAccess, "routes whose declared access differs from the description's").toEqual([]);
    // and the least workspace role each declares (auth/access.ts `member`)
    const roleOf = new Map(
      Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => [
          `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`,
          op["x-role"] as string | undefined,
        ]),
      ),
    );
    const wrongRole = routes
      .filter((r) => r.access !== "admin")
      .filter(
        (r) => roleOf.get(`${r.method} ${r.url}`) !== (typeof r.need === "object" ? r.need.role : undefined),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(wrongRole, "routes whose declared role differs from the description's").toEqual([]);
    expect(documented.size).toBe(OPERATIONS.length);
    expect(new Set(OPERATIONS.map(operationKey)).size).toBe(OPERATIONS.length);
  });

  it("is OpenAPI 3.1 whose every schema is valid JSON Schema (draft 2020-12)", () => {
    expect(document.openapi).toBe("3.1.0");
    answerChecker(document).compileAll();
    const ops = Object.values(document.paths as Record<string, Json>).flatMap(Object.values);
    expect(new Set(ops.map((op) => op.operationId)).size).toBe(ops.length);
    // Signed-in operations take a session or a key; session-only ones a session alone.
    expect(document.paths["/api/account/keys"].get.security).toEqual([{ session: [] }]);
    expect(document.paths["/api/video"].get.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(document.paths["/api/health"].get.security).toEqual([]);
  });

  it("answers what it documents for public and refused requests", async () => {
    const checker = answerChecker(document);
    const seen = [
      await api(ts.baseUrl, null, "GET", "/api/health"),
      await api(ts.baseUrl, null, "GET", "/api/config"),
      await api(ts.baseUrl, null, "GET", "/api/stripe/config"),
      await api(ts.baseUrl, null, "GET", "/api/blog"),
      await api(ts.baseUrl, null, "GET", "/api/video"),
      await api(ts.baseUrl, null, "GET", "/api/blog/no-such-post"),
    ];
    const urls = [
      "/api/health",
      "/api/config",
      "/api/stripe/config",
      "/api/blog",
      "/api/video",
      "/api/blog/no-such-post",
    ];
    const problems = seen.flatMap((res, i) =>
      checker.check({
        method: "GET",
        url: urls[i]!,
        status: res.status,
        contentType: res.headers.get("content-type") ?? "",
        body: res.body,
        text: res.text,
      }),
    );
    expect(problems).toEqual([]);
    expect(seen.map((r) => r.status)).toEqual([200, 200, 200, 200, 401, 404]);
    // A field the server does not send, or one it sends and the contract lacks, is a mismatch.
    const drifted = { ...(seen[1]!.body as object), undocumented: true };
    expect(
      checker.check({
        method: "GET",
        url: "/api/config",
        status: 200,
        contentType: "application/json",
        body: drifted,
        text: "",
      }),
    ).not.toEqual([]);
  });

  it("documents the refusals a fuzzer found undocumented: an unconfigured webhook, another's project", async () => {
    const checker = answerChecker(document);
    const { cookie } = await ts.signIn();
    const answers = [
      ["POST", "/api/stripe/webhook", await api(ts.baseUrl, null, "POST", "/api/stripe/webhook", {})],
      [
        "POST",
        "/api/voices/mine",
        await api(ts.baseUrl, cookie, "POST", "/api/voices/mine", { projectId: "nope", speakerId: "s" }),
      ],
      [
        "POST",
        "/api/video/nope/speakers/s/clone",
        await api(ts.baseUrl, cookie, "POST", "/api/video/nope/speakers/s/clone", {
          consent: true,
          name: "A",
        }),
      ],
    ] as const;
    expect(answers.map(([, , res]) => res.status)).toEqual([503, 404, 404]);
    const problems = answers.flatMap(([method, url, res]) =>
      checker.check({
        method,
        url,
        status: res.status,
        contentType: res.headers.get("content-type") ?? "",
        body: res.body,
        text: res.text,
      }),
    );
    expect(problems).toEqual([]);
  });

  it("renders the reference at /api/docs from this origin's files, under the site's CSP", async () => {
    const page = await fetch(`${ts.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    const html = await page.text();
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/); // no inline script
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.sort()).toEqual([
      "/api/docs/start.js",
      "/api/docs/swagger-ui-bundle.js",
      "/api/docs/swagger-ui.css",
    ]);
    for (const asset of assets) {
      const res = await fetch(`${ts.baseUrl}${asset}`);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get("content-type"), asset).toMatch(
        asset.endsWith(".css") ? /^text\/css/ : /^text\/javascript/,
      );
      expect((await res.arrayBuffer()).byteLength, asset).toBeGreaterThan(100);
    }
    const other = await api(ts.baseUrl, null, "GET", "/api/docs/package.json");
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("not_found");
    expect((await api(ts.baseUrl, null, "GET", "/api/docs/..%2Fpackage.json")).status).toBe(404);
  });
});
