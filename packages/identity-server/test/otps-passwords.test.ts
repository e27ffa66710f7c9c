import { randomBytes, scryptSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identitySchema } from "../src/index.ts";
import { type Harness, pkcePair, sdk, startHarness, tokenFrom } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ settings: { userSearch: true } });
});
afterAll(() => h.close());

function codeIn(text: string): string {
  const m = text.match(/\b(\d{6})\b/);
  if (!m?.[1]) throw new Error("no code");
  return m[1];
}

describe("one-time passcodes", () => {
  it("email: login_or_create returns a method_id and the emailed code signs in once", async () => {
    const r = await sdk(h, "POST", "/otps/email/login_or_create", {
      email: "otp@example.com",
      expiration_minutes: 5,
    });
    expect(r.status).toBe(200);
    expect(r.data.method_id).toMatch(/^email-test-/);
    const code = codeIn(h.mailer.last("otp@example.com").text);
    const bad = await sdk(h, "POST", "/otps/authenticate", {
      token: code === "000000" ? "111111" : "000000",
      method_id: r.data.method_id,
      session_duration_minutes: 30,
    });
    expect(bad.status).toBe(404);
    expect(bad.json.error_type).toBe("otp_code_not_found");
    const ok = await sdk(h, "POST", "/otps/authenticate", {
      token: code,
      method_id: r.data.method_id,
      session_duration_minutes: 30,
    });
    expect(ok.status).toBe(200);
    expect(ok.data.session.authentication_factors[0]).toMatchObject({
      type: "otp",
      delivery_method: "email",
    });
    expect(ok.data.user.emails[0].verified).toBe(true);
    const reuse = await sdk(h, "POST", "/otps/authenticate", {
      token: code,
      method_id: r.data.method_id,
      session_duration_minutes: 30,
    });
    expect(reuse.json.error_type).toBe("otp_code_not_found");
  });

  it("locks a code after 5 wrong tries", async () => {
    const r = await sdk(h, "POST", "/otps/email/login_or_create", { email: "guess@example.com" });
    const code = codeIn(h.mailer.last("guess@example.com").text);
    const wrong = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++) {
      const x = await sdk(h, "POST", "/otps/authenticate", {
        token: wrong,
        method_id: r.data.method_id,
        session_duration_minutes: 30,
      });
      expect(x.json.error_type).toBe("otp_code_not_found");
    }
    const sixth = await sdk(h, "POST", "/otps/authenticate", {
      token: code,
      method_id: r.data.method_id,
      session_duration_minutes: 30,
    });
    expect(sixth.json.error_type).toBe("too_many_otp_attempts");
  });

  it("expires codes", async () => {
    const r = await sdk(h, "POST", "/otps/email/login_or_create", {
      email: "slow@example.com",
      expiration_minutes: 2,
    });
    const code = codeIn(h.mailer.last("slow@example.com").text);
    const saved = h.clock.now;
    h.clock.now = new Date(saved.getTime() + 3 * 60_000);
    const x = await sdk(h, "POST", "/otps/authenticate", {
      token: code,
      method_id: r.data.method_id,
      session_duration_minutes: 30,
    });
    h.clock.now = saved;
    expect(x.json.error_type).toBe("otp_code_not_found");
  });

  it("send/primary for an unknown address answers a method_id and sends nothing", async () => {
    const n = h.mailer.messages.length;
    const r = await sdk(h, "POST", "/otps/email/send/primary", { email: "ghost@example.com" });
    expect(r.status).toBe(200);
    expect(r.data.method_id).toMatch(
      /^email-test-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(h.mailer.messages.length).toBe(n);
    // The same id every time, as a known address gets: the answer does not tell them apart.
    const again = await sdk(h, "POST", "/otps/email/send/primary", { email: "Ghost@Example.com" });
    expect(again.data.method_id).toBe(r.data.method_id);
  });

  it("sms and whatsapp go through the delivery adapter; bad numbers are refused", async () => {
    const sms = await sdk(h, "POST", "/otps/sms/login_or_create", { phone_number: "+1 415 555 2671" });
    expect(sms.status).toBe(200);
    const sent = h.sms.messages.at(-1)!;
    expect(sent).toMatchObject({ to: "+14155552671", channel: "sms" });
    const ok = await sdk(h, "POST", "/otps/authenticate", {
      token: codeIn(sent.body),
      method_id: sms.data.method_id,
      session_duration_minutes: 30,
    });
    expect(ok.data.session.authentication_factors[0]).toMatchObject({ delivery_method: "sms" });
    expect(ok.data.user.phone_numbers[0]).toMatchObject({ phone_number: "+14155552671", verified: true });

    const wa = await sdk(h, "POST", "/otps/whatsapp/login_or_create", { phone_number: "+14155552671" });
    const waMsg = h.sms.messages.at(-1)!;
    expect(waMsg.channel).toBe("whatsapp");
    const ok2 = await sdk(h, "POST", "/otps/authenticate", {
      token: codeIn(waMsg.body),
      method_id: wa.data.method_id,
      session_duration_minutes: 30,
    });
    expect(ok2.data.session.authentication_factors[0]).toMatchObject({ delivery_method: "whatsapp" });

    const bad = await sdk(h, "POST", "/otps/sms/login_or_create", { phone_number: "12" });
    expect(bad.json.error_type).toBe("invalid_phone_number");
  });
});

describe("passwords", () => {
  const strong = "vivid-otter-quantum-lantern-93";

  it("strength_check reports zxcvbn and breaches", async () => {
    const weak = await sdk(h, "POST", "/passwords/strength_check", { password: "password" });
    expect(weak.data).toMatchObject({
      valid_password: false,
      breached_password: true,
      strength_policy: "zxcvbn",
    });
    expect(weak.data.feedback.luds_requirements).toHaveProperty("missing_characters");
    const good = await sdk(h, "POST", "/passwords/strength_check", {
      email: "x@example.com",
      password: strong,
    });
    expect(good.data.valid_password).toBe(true);
    const badEmail = await sdk(h, "POST", "/passwords/strength_check", { email: "nope", password: strong });
    expect(badEmail.json.error_type).toBe("invalid_email");
  });

  it("create, search, authenticate, wrong password, duplicate", async () => {
    const weak = await sdk(h, "POST", "/passwords", {
      email: "pw@example.com",
      password: "qwerty",
      session_duration_minutes: 30,
    });
    expect(weak.json.error_type).toBe("breached_password");
    const c = await sdk(h, "POST", "/passwords", {
      email: "pw@example.com",
      password: strong,
      session_duration_minutes: 30,
    });
    expect(c.status).toBe(200);
    expect(c.data.email_id).toMatch(/^email-test-/);
    expect(c.data.user.password).toMatchObject({ requires_reset: false });
    const dup = await sdk(h, "POST", "/passwords", {
      email: "pw@example.com",
      password: strong,
      session_duration_minutes: 30,
    });
    expect(dup.json.error_type).toBe("duplicate_email");

    expect((await sdk(h, "POST", "/users/search", { email: "pw@example.com" })).data.userType).toBe(
      "password",
    );
    expect((await sdk(h, "POST", "/users/search", { email: "otp@example.com" })).data.userType).toBe(
      "passwordless",
    );
    expect((await sdk(h, "POST", "/users/search", { email: "new@example.com" })).data.userType).toBe("new");

    const a = await sdk(h, "POST", "/passwords/authenticate", {
      email: "PW@example.com",
      password: strong,
      session_duration_minutes: 30,
    });
    expect(a.status).toBe(200);
    expect(a.data.session.authentication_factors[0]).toMatchObject({
      type: "password",
      delivery_method: "knowledge",
    });
    const wrong = await sdk(h, "POST", "/passwords/authenticate", {
      email: "pw@example.com",
      password: "nope-nope",
      session_duration_minutes: 30,
    });
    const unknown = await sdk(h, "POST", "/passwords/authenticate", {
      email: "who@example.com",
      password: "nope-nope",
      session_duration_minutes: 30,
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.error_type).toBe(unknown.json.error_type);
    expect(wrong.json.error_message).toBe(unknown.json.error_message);
    const passwordless = await sdk(h, "POST", "/passwords/authenticate", {
      email: "otp@example.com",
      password: strong,
      session_duration_minutes: 30,
    });
    expect(passwordless.json.error_type).toBe("reset_password");
  });

  it("reset by email with PKCE, including the passwordless login link", async () => {
    const { verifier, challenge } = pkcePair();
    const start = await sdk(h, "POST", "/passwords/email/reset/start", {
      email: "pw@example.com",
      reset_password_redirect_url: "http://localhost:3000/authenticate",
      login_redirect_url: "http://localhost:3000/authenticate",
      code_challenge: challenge,
    });
    expect(start.status).toBe(200);
    const mail = h.mailer.last("pw@example.com");
    const { token, type } = tokenFrom(mail.text);
    expect(type).toBe("reset_password");
    expect(mail.text).toContain("stytch_token_type=login");
    const weak = await sdk(h, "POST", "/passwords/email/reset", {
      token,
      password: "password",
      code_verifier: verifier,
      session_duration_minutes: 30,
    });
    expect(weak.json.error_type).toBe("breached_password");
    const r = await sdk(h, "POST", "/passwords/email/reset", {
      token,
      password: "another-solid-passphrase-71",
      code_verifier: verifier,
      session_duration_minutes: 30,
    });
    expect(r.status).toBe(200);
    const again = await sdk(h, "POST", "/passwords/email/reset", {
      token,
      password: "another-solid-passphrase-72",
      code_verifier: verifier,
      session_duration_minutes: 30,
    });
    expect(again.json.error_type).toBe("reset_password_token_not_found");
    const login = await sdk(h, "POST", "/passwords/authenticate", {
      email: "pw@example.com",
      password: "another-solid-passphrase-71",
      session_duration_minutes: 30,
    });
    expect(login.status).toBe(200);

    const n = h.mailer.messages.length;
    const unknown = await sdk(h, "POST", "/passwords/email/reset/start", { email: "nobody2@example.com" });
    expect(unknown.status).toBe(200);
    expect(h.mailer.messages.length).toBe(n);
  });

  it("reset with the existing password and by session", async () => {
    const r = await sdk(h, "POST", "/passwords/existing_password/reset", {
      email: "pw@example.com",
      existing_password: "another-solid-passphrase-71",
      new_password: "third-passphrase-quite-long-5",
      session_duration_minutes: 30,
    });
    expect(r.status).toBe(200);
    const bad = await sdk(h, "POST", "/passwords/existing_password/reset", {
      email: "pw@example.com",
      existing_password: "another-solid-passphrase-71",
      new_password: "fourth-passphrase-quite-long-6",
    });
    expect(bad.json.error_type).toBe("unauthorized_credentials");
    const bySession = await sdk(
      h,
      "POST",
      "/passwords/session/reset",
      { password: "fifth-passphrase-really-long-7", session_duration_minutes: 30 },
      r.data.session_token,
    );
    expect(bySession.status).toBe(200);
    expect(bySession.data.session.session_id).toBe(r.data.session.session_id);
    const noSession = await sdk(h, "POST", "/passwords/session/reset", {
      password: "fifth-passphrase-really-long-8",
    });
    expect(noSession.json.error_type).toBe("user_unauthenticated");
  });

  it("rate-limits password attempts per address", async () => {
    let status = 0;
    for (let i = 0; i < 11; i++) {
      status = (
        await sdk(h, "POST", "/passwords/authenticate", {
          email: "target@example.com",
          password: "guess-guess",
          session_duration_minutes: 30,
        })
      ).status;
    }
    expect(status).toBe(429);
  });
});

describe("password hashes", () => {
  it("rehashes a password stored with weaker parameters at the next sign-in", async () => {
    const strong = "Unusual-Parrot-Kettle-93!";
    const created = await sdk(h, "POST", "/passwords", { email: "old-hash@example.com", password: strong });
    const userId = created.data.user_id as string;
    // A hash made the way an older version did: N=2^14, r=8, p=1.
    const salt = randomBytes(16);
    const key = scryptSync(strong.normalize("NFKC"), salt, 32, { N: 16384, r: 8, p: 1 });
    const old = `scrypt$16384$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
    const { identityPasswords } = identitySchema;
    await h.db.update(identityPasswords).set({ hash: old }).where(eq(identityPasswords.userId, userId));

    const login = await sdk(h, "POST", "/passwords/authenticate", {
      email: "old-hash@example.com",
      password: strong,
    });
    expect(login.status).toBe(200);
    const [row] = await h.db.select().from(identityPasswords).where(eq(identityPasswords.userId, userId));
    expect(row!.hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    const again = await sdk(h, "POST", "/passwords/authenticate", {
      email: "old-hash@example.com",
      password: strong,
    });
    expect(again.status).toBe(200);
  });
});
