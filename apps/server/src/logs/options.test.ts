import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loggerOptions, redactUrl } from "./options.ts";

describe("redactUrl", () => {
  it("hides sign-in tokens, OAuth codes and media signatures", () => {
    expect(redactUrl("/api/stytch?b=abc&token=secret&stytch_token_type=magic_links")).toBe(
      "/api/stytch?b=%5Bredacted%5D&token=%5Bredacted%5D&stytch_token_type=magic_links",
    );
    expect(redactUrl("/v1/public/oauth/google/callback?code=c0de&state=s7")).not.toMatch(/c0de|s7/);
    expect(redactUrl("/media/v/1.mp4?exp=1&sig=deadbeef")).not.toContain("deadbeef");
    expect(redactUrl("/api/video?page=2")).toBe("/api/video?page=2");
  });
});

describe("the request log", () => {
  it("holds no token, cookie or authorization header", async () => {
    let log = "";
    const stream = new Writable({
      write(chunk, _enc, done) {
        log += chunk.toString();
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions("info"), stream } });
    app.get("/api/stytch", async () => "ok");
    await app.inject({
      url: "/api/stytch?token=magic-secret-123&stytch_token_type=magic_links",
      headers: { cookie: "dub_session=cookie-secret-456", authorization: "Basic YXV0aC1zZWNyZXQ=" },
    });
    await app.close();
    expect(log).toContain("/api/stytch");
    expect(log).not.toMatch(/magic-secret-123|cookie-secret-456|YXV0aC1zZWNyZXQ/);
  });
});
