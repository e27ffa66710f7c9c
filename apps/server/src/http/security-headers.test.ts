import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

async function headersFor(publicUrl: string) {
  const app = Fastify();
  await securityHeaders(app, publicUrl);
  app.get("/", async () => "ok");
  const res = await app.inject({ url: "/" });
  await app.close();
  return res.headers;
}

describe("security headers", () => {
  it("send HSTS and upgrade requests only when the app is served over HTTPS", async () => {
    const https = await headersFor("https://dub.example.com");
    expect(https["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(https["content-security-policy"]).toContain("upgrade-insecure-requests");
    const http = await headersFor("http://localhost:8080");
    expect(http["strict-transport-security"]).toBeUndefined();
    expect(http["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(http["content-security-policy"]).toContain("script-src 'self';");
  });
});
