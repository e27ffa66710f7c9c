// Captcha, when configured: the bootstrap announces it and protected calls need a token that verifies
// against a server speaking reCAPTCHA's siteverify format.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, PROJECT, sdk, startHarness } from "./harness.ts";

let h: Harness;
let verifier: Server;
const seen: URLSearchParams[] = [];

beforeAll(async () => {
  verifier = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const good = form.get("secret") === "captcha-secret" && form.get("response") === "good-token";
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(good ? { success: true, score: 0.9, action: "LOGIN" } : { success: false }));
    });
  });
  await new Promise<void>((r) => verifier.listen(0, "127.0.0.1", () => r()));
  const url = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`;
  h = await startHarness({
    settings: { captcha: { siteKey: "site-key-123", secretKey: "captcha-secret", verifyUrl: url } },
  });
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((r) => verifier.close(() => r()));
});

describe("captcha", () => {
  it("is announced in the bootstrap", async () => {
    const r = await sdk(h, "GET", `/projects/bootstrap/${PROJECT.publicToken}`);
    expect(r.data.captcha_settings).toEqual({ enabled: true, siteKey: "site-key-123" });
  });

  it("answers 'Captcha required' as text without a valid token, and proceeds with one", async () => {
    const headers = {
      authorization: `Basic ${Buffer.from(`${PROJECT.publicToken}:${PROJECT.publicToken}`).toString("base64")}`,
      "content-type": "application/json",
    };
    for (const captcha_token of [undefined, "bad-token"]) {
      const res = await h.app.inject({
        method: "POST",
        url: "/sdk/v1/magic_links/email/login_or_create",
        headers,
        payload: JSON.stringify({ email: "cap@example.com", captcha_token }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.headers["content-type"]).toContain("text/plain");
      expect(res.body).toContain("Captcha required");
    }
    expect(h.mailer.messages).toHaveLength(0);
    const ok = await sdk(h, "POST", "/magic_links/email/login_or_create", {
      email: "cap@example.com",
      captcha_token: "good-token",
    });
    expect(ok.status).toBe(200);
    expect(h.mailer.messages).toHaveLength(1);
    expect(seen.at(-1)?.get("remoteip")).toBe("127.0.0.1");
  });

  it("leaves unprotected calls alone", async () => {
    const r = await sdk(h, "POST", "/passwords/strength_check", { password: "whatever-long-pass-1" });
    expect(r.status).toBe(200);
  });
});
