import fastifyCookie from "@fastify/cookie";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { errorHandling } from "../http/errors.ts";
import type { WorkspaceRoles } from "../workspaces/role-cache.ts";
import { PUBLIC, SIGNED_IN, sessionAuth } from "./access.ts";
import type { Credentials } from "./session-cache.ts";

async function app() {
  const server = Fastify();
  errorHandling(server);
  await server.register(fastifyCookie);
  // No request below carries a cookie, so the database is never asked.
  sessionAuth(server, {
    credentials: {} as Credentials,
    adminEmails: new Set(),
    roles: {} as WorkspaceRoles,
  });
  server.get("/api/open", PUBLIC, async () => "open");
  server.get("/api/closed", SIGNED_IN, async () => "closed");
  server.get("/api/undeclared", async () => "undeclared");
  server.get("/elsewhere", async () => "elsewhere");
  return server;
}

describe("session requirement from the matched route", () => {
  it("asks for a session on every /api route that is not declared public, however the path is spelled", async () => {
    const server = await app();
    const status = async (url: string) => (await server.inject({ url })).statusCode;
    expect(await status("/api/open")).toBe(200);
    expect(await status("/%61pi/open")).toBe(200);
    for (const url of [
      "/api/closed",
      "/%61pi/closed",
      "/api/%63losed",
      "/api/undeclared",
      "/%61pi/undeclared",
    ]) {
      const res = await server.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: { code: "unauthorized", message: "Please sign in to continue." } });
    }
    // Routes outside /api (signed media, the identity provider, the web app) check for themselves.
    expect(await status("/elsewhere")).toBe(200);
    expect(server.apiRoutes.filter((r) => r.method === "GET")).toEqual([
      { method: "GET", url: "/api/open", access: "public", need: undefined },
      { method: "GET", url: "/api/closed", access: "signed-in", need: "account" },
      { method: "GET", url: "/api/undeclared", access: undefined, need: undefined },
    ]);
    await server.close();
  });
});
