import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  identitySchema,
  retireSigningKeys,
  rotateSigningKey,
  SESSION_CLAIM,
  sweepIdentity,
} from "../src/index.ts";
import { backend, type Harness, PROJECT, pkcePair, sdk, signIn, startHarness, tokenFrom } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("bootstrap and plumbing", () => {
  it("returns the project's settings for its public token", async () => {
    const r = await sdk(h, "GET", `/projects/bootstrap/${PROJECT.publicToken}`);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      disable_sdk_watermark: true,
      pkce_required_for_email_magic_links: true,
      pkce_required_for_oauth: true,
      captcha_settings: { enabled: false },
      email_domains: ["localhost"],
      password_config: null,
      status_code: 200,
    });
    expect(r.data.request_id).toMatch(/^request-id-test-/);
    expect(r.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
    expect(r.headers["access-control-allow-credentials"]).toBe("true");
  });

  it("refuses an unknown public token", async () => {
    const r = await sdk(h, "GET", "/projects/bootstrap/public-token-test-nope");
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ status_code: 401, error_type: "invalid_public_token" });
    expect(r.json.error_url).toBe("http://localhost:3000/v1/public/errors#invalid_public_token");
    const page = await h.app.inject({ method: "GET", url: "/v1/public/errors" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="invalid_public_token"');
  });

  it("answers CORS preflights only for allowed origins", async () => {
    const ok = await h.app.inject({
      method: "OPTIONS",
      url: "/sdk/v1/magic_links/email/login_or_create",
      headers: {
        origin: "http://localhost:3000",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type",
      },
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
    expect(ok.headers["access-control-allow-headers"]).toContain("authorization");
    const bad = await h.app.inject({
      method: "OPTIONS",
      url: "/sdk/v1/users/me",
      headers: { origin: "https://evil.example" },
    });
    expect(bad.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("answers a schema error for a bad body, and invalid_email for a bad address", async () => {
    const r = await sdk(h, "POST", "/magic_links/authenticate", { token: 5 });
    expect(r.status).toBe(400);
    expect(Array.isArray(r.json.body)).toBe(true);
    expect(r.json.error_type).toBe("bad_request");
    const e = await sdk(h, "POST", "/magic_links/email/login_or_create", { email: "not-an-email" });
    expect(e.status).toBe(400);
    expect(e.json.error_type).toBe("invalid_email");
  });

  it("answers bad JSON, oversized and non-JSON bodies in the error shape", async () => {
    const headers = {
      authorization: `Basic ${Buffer.from(`${PROJECT.publicToken}:${PROJECT.publicToken}`).toString("base64")}`,
    };
    const bad = await h.app.inject({
      method: "POST",
      url: "/sdk/v1/passwords/authenticate",
      headers: { ...headers, "content-type": "application/json" },
      payload: "{nope",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status_code: 400, error_type: "bad_request" });
    const big = await h.app.inject({
      method: "POST",
      url: "/sdk/v1/passwords/authenticate",
      headers: { ...headers, "content-type": "application/json" },
      payload: JSON.stringify({ x: "a".repeat(300_000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error_type).toBe("payload_too_large");
  });

  it("requires a session for /users/me", async () => {
    const r = await sdk(h, "GET", "/users/me");
    expect(r.status).toBe(401);
    expect(r.json.error_type).toBe("user_unauthenticated");
    const bad = await sdk(h, "GET", "/users/me", undefined, "not-a-real-token");
    expect(bad.status).toBe(404);
    expect(bad.json.error_type).toBe("session_not_found");
  });
});

describe("email magic links", () => {
  it("signs a new user up with PKCE, then sessions authenticate, users/me and revoke work", async () => {
    const { verifier, challenge } = pkcePair();
    const send = await sdk(h, "POST", "/magic_links/email/login_or_create", {
      email: "Ada@Example.com",
      code_challenge: challenge,
      signup_magic_link_url: "http://localhost:3000/authenticate",
      signup_expiration_minutes: 30,
    });
    expect(send.status).toBe(200);
    const mail = h.mailer.last("Ada@Example.com");
    expect(mail.subject).toContain("Dubbing");
    expect(mail.html).toContain("<a href=");
    const link = tokenFrom(mail.text);
    expect(link.type).toBe("magic_links");
    expect(link.url.pathname).toBe("/authenticate");
    expect(link.token.length).toBeGreaterThanOrEqual(43);

    const auth = await sdk(h, "POST", "/magic_links/authenticate", {
      token: link.token,
      code_verifier: verifier,
      session_duration_minutes: 60,
    });
    expect(auth.status).toBe(200);
    const d = auth.data;
    expect(d.user.emails[0]).toMatchObject({ email: "ada@example.com", verified: true });
    expect(d.user.status).toBe("active");
    expect(d.__user.user_id).toBe(d.user_id);
    expect(d.method_id).toBe(d.user.emails[0].email_id);
    expect(d.session.authentication_factors[0]).toMatchObject({
      type: "magic_link",
      delivery_method: "email",
    });
    expect(d.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The JWT verifies against the JWKS and carries the session claim.
    const jwks = await h.app.inject({ method: "GET", url: `/v1/sessions/jwks/${PROJECT.projectId}` });
    const { payload, protectedHeader } = await jwtVerify(
      d.session_jwt,
      createLocalJWKSet({ keys: jwks.json().keys }),
      {
        issuer: `stytch.com/${PROJECT.projectId}`,
        audience: PROJECT.projectId,
      },
    );
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload.sub).toBe(d.user_id);
    expect((payload[SESSION_CLAIM] as { id: string }).id).toBe(d.session.session_id);

    // Single use.
    const again = await sdk(h, "POST", "/magic_links/authenticate", {
      token: link.token,
      code_verifier: verifier,
      session_duration_minutes: 60,
    });
    expect(again.status).toBe(401);
    expect(again.json.error_type).toBe("unable_to_auth_magic_link");

    const me = await sdk(h, "GET", "/users/me", undefined, d.session_token);
    expect(me.status).toBe(200);
    expect(me.data.user_id).toBe(d.user_id);
    // The SDK may also present the session JWT instead of the token.
    const byJwt = await sdk(h, "POST", "/sessions/authenticate", {}, d.session_jwt);
    expect(byJwt.status).toBe(200);
    expect(byJwt.data.session.session_id).toBe(d.session.session_id);

    const sa = await sdk(
      h,
      "POST",
      "/sessions/authenticate",
      { session_duration_minutes: 120 },
      d.session_token,
    );
    expect(sa.status).toBe(200);
    expect(new Date(sa.data.session.expires_at).getTime()).toBeGreaterThan(
      new Date(d.session.expires_at).getTime(),
    );

    const upd = await sdk(h, "PUT", "/users/me", { untrusted_metadata: { theme: "dark" } }, d.session_token);
    expect(upd.data.__user.untrusted_metadata).toEqual({ theme: "dark" });

    const rv = await sdk(h, "POST", "/sessions/revoke", undefined, d.session_token);
    expect(rv.status).toBe(200);
    const after = await sdk(
      h,
      "POST",
      "/sessions/authenticate",
      { session_duration_minutes: 60 },
      d.session_token,
    );
    expect(after.status).toBe(404);
    expect(after.json.error_type).toBe("session_not_found");
  });

  it("refuses a wrong or missing PKCE verifier without burning the token", async () => {
    const { verifier, challenge } = pkcePair();
    await sdk(h, "POST", "/magic_links/email/login_or_create", {
      email: "pk@example.com",
      code_challenge: challenge,
    });
    const { token } = tokenFrom(h.mailer.last("pk@example.com").text);
    const missing = await sdk(h, "POST", "/magic_links/authenticate", {
      token,
      session_duration_minutes: 30,
    });
    expect(missing.json.error_type).toBe("missing_pkce");
    const wrong = await sdk(h, "POST", "/magic_links/authenticate", {
      token,
      code_verifier: pkcePair().verifier,
      session_duration_minutes: 30,
    });
    expect(wrong.json.error_type).toBe("pkce_mismatch");
    const ok = await sdk(h, "POST", "/magic_links/authenticate", {
      token,
      code_verifier: verifier,
      session_duration_minutes: 30,
    });
    expect(ok.status).toBe(200);
  });

  it("expires links after 30 minutes", async () => {
    await sdk(h, "POST", "/magic_links/email/login_or_create", { email: "late@example.com" });
    const { token } = tokenFrom(h.mailer.last("late@example.com").text);
    const saved = h.clock.now;
    h.clock.now = new Date(saved.getTime() + 31 * 60_000);
    const r = await sdk(h, "POST", "/magic_links/authenticate", { token, session_duration_minutes: 30 });
    h.clock.now = saved;
    expect(r.json.error_type).toBe("unable_to_auth_magic_link");
  });

  it("refuses redirect URLs outside the allow-list", async () => {
    const r = await sdk(h, "POST", "/magic_links/email/login_or_create", {
      email: "redir@example.com",
      login_magic_link_url: "https://evil.example/steal",
    });
    expect(r.status).toBe(400);
    expect(r.json.error_type).toBe("redirect_url_not_allowed");
  });

  it("send/primary answers the same for unknown addresses and sends nothing", async () => {
    const before = h.mailer.messages.length;
    const r = await sdk(h, "POST", "/magic_links/email/send/primary", { email: "nobody@example.com" });
    expect(r.status).toBe(200);
    expect(h.mailer.messages.length).toBe(before);
  });

  it("the backend API exchanges a link token for a session and authenticates it", async () => {
    await sdk(h, "POST", "/magic_links/email/login_or_create", { email: "server@example.com" });
    const { token } = tokenFrom(h.mailer.last("server@example.com").text);
    const unauth = await h.app.inject({
      method: "POST",
      url: "/v1/magic_links/authenticate",
      payload: { token },
    });
    expect(unauth.statusCode).toBe(401);
    expect(unauth.json().error_type).toBe("invalid_secret_authentication");
    const r = await backend(h, "POST", "/magic_links/authenticate", { token, session_duration_minutes: 60 });
    expect(r.status).toBe(200);
    expect(r.json.data).toBeUndefined();
    expect(r.json).toMatchObject({ status_code: 200, user: { emails: [{ email: "server@example.com" }] } });
    const s = await backend(h, "POST", "/sessions/authenticate", { session_token: r.json.session_token });
    expect(s.status).toBe(200);
    expect(s.json.session.session_id).toBe(r.json.session.session_id);
    const byJwt = await backend(h, "POST", "/sessions/authenticate", { session_jwt: r.json.session_jwt });
    expect(byJwt.json.user.user_id).toBe(r.json.user_id);
    const u = await backend(h, "GET", `/users/${r.json.user_id}`);
    expect(u.json.emails[0].email).toBe("server@example.com");
    const missing = await backend(h, "GET", "/users/user-test-nope");
    expect(missing.status).toBe(404);
    const rv = await backend(h, "POST", "/sessions/revoke", { session_jwt: r.json.session_jwt });
    expect(rv.status).toBe(200);
    const gone = await backend(h, "POST", "/sessions/authenticate", { session_token: r.json.session_token });
    expect(gone.json.error_type).toBe("session_not_found");
  });

  it("rate-limits sends per address", async () => {
    let last = 0;
    for (let i = 0; i < 6; i++)
      last = (await sdk(h, "POST", "/magic_links/email/login_or_create", { email: "spam@example.com" }))
        .status;
    expect(last).toBe(429);
  });

  it("stores telemetry events", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/sdk/v1/events",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify([
        {
          telemetry: { event_id: "e1" },
          event: { public_token: PROJECT.publicToken, event_name: "render_login_screen" },
        },
      ]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.stored).toBe(1);
  });
});

describe("session lifetimes and audit", () => {
  it("ends a session after the idle timeout even before it expires", async () => {
    const me = await signIn(h, "idle@example.com");
    const long = await sdk(
      h,
      "POST",
      "/sessions/authenticate",
      { session_duration_minutes: 30 * 24 * 60 },
      me.session_token,
    );
    expect(long.status).toBe(200);
    const saved = h.clock.now;
    h.clock.now = new Date(saved.getTime() + (7 * 24 * 60 + 1) * 60_000);
    const r = await sdk(
      h,
      "POST",
      "/sessions/authenticate",
      { session_duration_minutes: 60 },
      me.session_token,
    );
    h.clock.now = saved;
    expect(r.json.error_type).toBe("session_not_found");
  });

  it("caps a session at the absolute lifetime however often it is used", async () => {
    const me = await signIn(h, "absolute@example.com");
    const saved = h.clock.now;
    await sdk(
      h,
      "POST",
      "/sessions/authenticate",
      { session_duration_minutes: 7 * 24 * 60 },
      me.session_token,
    );
    let expires = "";
    for (let day = 1; day <= 31; day++) {
      h.clock.now = new Date(saved.getTime() + day * 24 * 60 * 60_000);
      const r = await sdk(
        h,
        "POST",
        "/sessions/authenticate",
        { session_duration_minutes: 7 * 24 * 60 },
        me.session_token,
      );
      if (r.status !== 200) {
        expect(day).toBeGreaterThan(29);
        expect(r.json.error_type).toBe("session_not_found");
        h.clock.now = saved;
        return;
      }
      expires = r.data.session.expires_at;
    }
    h.clock.now = saved;
    throw new Error(`session outlived its absolute lifetime (expires ${expires})`);
  });

  it("records sign-ins and failures in the audit log", async () => {
    const rows = await h.db.select().from(identitySchema.identityAuditLog);
    const actions = new Set(rows.map((r) => `${r.action}:${r.method}`));
    expect(actions.has("sign_in:magic_link")).toBe(true);
    expect(actions.has("sign_in_failed:magic_link")).toBe(true);
    expect(actions.has("session_revoked:")).toBe(true);
  });
});

describe("housekeeping", () => {
  it("sweeps expired tokens and ended sessions, and keeps live ones", async () => {
    const later = new Date(h.clock.now.getTime() + 60 * 24 * 3600_000);
    const live = await signIn(h, "keep@example.com");
    const r = await sweepIdentity(h.db, { now: later });
    expect(r.tokens).toBeGreaterThan(0);
    expect(r.sessions).toBeGreaterThan(0);
    expect(r.pendingUsers).toBeGreaterThan(0); // e.g. spam@example.com, never confirmed
    const none = await sweepIdentity(h.db, { now: h.clock.now });
    expect(none.tokens + none.sessions).toBe(0);
    expect(live.session_token).toBeTruthy();
  });
});

describe("signing key rotation", () => {
  it("signs with the new key after rotation while old JWTs keep verifying", async () => {
    const before = await signIn(h, "rotate@example.com");
    const oldJwt = (
      await backend(h, "POST", "/sessions/authenticate", { session_token: before.session_token })
    ).json.session_jwt;
    const oldKid = decodeProtectedHeader(oldJwt).kid;
    const saved = h.clock.now;
    const newKid = await rotateSigningKey(h.db, new Date(saved.getTime() + 60_000));
    h.clock.now = new Date(saved.getTime() + 6 * 60_000);
    const after = await backend(h, "POST", "/sessions/authenticate", { session_token: before.session_token });
    expect(decodeProtectedHeader(after.json.session_jwt).kid).toBe(newKid);
    const jwks = await h.app.inject({ method: "GET", url: `/v1/sessions/jwks/${PROJECT.projectId}` });
    const kids = jwks.json().keys.map((k: { kid: string }) => k.kid);
    expect(kids).toEqual(expect.arrayContaining([oldKid, newKid]));
    expect(await retireSigningKeys(h.db, new Date(saved.getTime() + 30_000))).toBeGreaterThan(0);
    const left = await h.app.inject({ method: "GET", url: `/v1/sessions/jwks/${PROJECT.projectId}` });
    expect(left.json().keys.map((k: { kid: string }) => k.kid)).toEqual([newKid]);
    h.clock.now = saved;
  });
});
