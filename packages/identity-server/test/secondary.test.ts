// Adding factors to a signed-in user (the "secondary" calls), deleting them, and ownership checks.
import bs58 from "bs58";
import nacl from "tweetnacl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, sdk, signIn, startHarness, tokenFrom } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

function codeIn(text: string): string {
  const m = text.match(/\b(\d{6})\b/);
  if (!m?.[1]) throw new Error("no code");
  return m[1];
}

describe("secondary factors", () => {
  it("adds an email by magic link, a phone by SMS and a wallet, then deletes each", async () => {
    const me = await signIn(h, "primary@example.com");
    const noSession = await sdk(h, "POST", "/magic_links/email/send/secondary", {
      email: "second@example.com",
    });
    expect(noSession.json.error_type).toBe("user_unauthenticated");

    await sdk(
      h,
      "POST",
      "/magic_links/email/send/secondary",
      { email: "second@example.com" },
      me.session_token,
    );
    const { token } = tokenFrom(h.mailer.last("second@example.com").text);
    const ml = await sdk(
      h,
      "POST",
      "/magic_links/authenticate",
      { token, session_duration_minutes: 60 },
      me.session_token,
    );
    expect(ml.status).toBe(200);
    expect(ml.data.user_id).toBe(me.user_id);
    expect(ml.data.session.session_id).toBe(me.session.session_id);
    expect(ml.data.user.emails.map((e: { email: string }) => e.email)).toEqual([
      "primary@example.com",
      "second@example.com",
    ]);

    const sms = await sdk(
      h,
      "POST",
      "/otps/sms/send/secondary",
      { phone_number: "+442071838750" },
      ml.data.session_token,
    );
    expect(sms.status).toBe(200);
    const otp = await sdk(
      h,
      "POST",
      "/otps/authenticate",
      {
        token: codeIn(h.sms.messages.at(-1)!.body),
        method_id: sms.data.method_id,
        session_duration_minutes: 60,
      },
      ml.data.session_token,
    );
    expect(otp.data.user.phone_numbers[0]).toMatchObject({ phone_number: "+442071838750", verified: true });
    const factors = otp.data.session.authentication_factors.map(
      (f: { delivery_method: string }) => f.delivery_method,
    );
    expect(factors).toEqual(["email", "sms"]);

    const kp = nacl.sign.keyPair();
    const address = bs58.encode(kp.publicKey);
    const start = await sdk(
      h,
      "POST",
      "/crypto_wallets/authenticate/start/secondary",
      { crypto_wallet_address: address, crypto_wallet_type: "solana" },
      otp.data.session_token,
    );
    const signature = bs58.encode(
      nacl.sign.detached(new TextEncoder().encode(start.data.challenge), kp.secretKey),
    );
    const w = await sdk(
      h,
      "POST",
      "/crypto_wallets/authenticate",
      {
        crypto_wallet_address: address,
        crypto_wallet_type: "solana",
        signature,
        session_duration_minutes: 60,
      },
      otp.data.session_token,
    );
    expect(w.data.user_id).toBe(me.user_id);
    const session = w.data.session_token;
    const user = w.data.user;

    // Another user cannot delete these (their ids answer "not found").
    const other = await signIn(h, "other@example.com");
    const foreign = await sdk(
      h,
      "DELETE",
      `/users/emails/${user.emails[1].email_id}`,
      undefined,
      other.session_token,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.json.error_type).toBe("email_not_found");

    const d1 = await sdk(h, "DELETE", `/users/emails/${user.emails[1].email_id}`, undefined, session);
    expect(d1.data.__user.emails).toHaveLength(1);
    const d2 = await sdk(
      h,
      "DELETE",
      `/users/phone_numbers/${user.phone_numbers[0].phone_id}`,
      undefined,
      session,
    );
    expect(d2.data.__user.phone_numbers).toHaveLength(0);
    const d3 = await sdk(
      h,
      "DELETE",
      `/users/crypto_wallets/${user.crypto_wallets[0].crypto_wallet_id}`,
      undefined,
      session,
    );
    expect(d3.data.__user.crypto_wallets).toHaveLength(0);
    const bio = await sdk(h, "DELETE", "/users/biometric_registrations/biometric-test-x", undefined, session);
    expect(bio.json.error_type).toBe("biometric_registration_not_found");
  });

  it("does not reveal that an address belongs to someone else", async () => {
    const a = await signIn(h, "owner@example.com");
    const b = await signIn(h, "intruder@example.com");
    const n = h.mailer.messages.length;
    const r = await sdk(
      h,
      "POST",
      "/otps/email/send/secondary",
      { email: "owner@example.com" },
      b.session_token,
    );
    expect(r.status).toBe(200);
    expect(h.mailer.messages.length).toBe(n);
    const ml = await sdk(
      h,
      "POST",
      "/magic_links/email/send/secondary",
      { email: "owner@example.com" },
      b.session_token,
    );
    expect(ml.status).toBe(200);
    expect(h.mailer.messages.length).toBe(n);
    expect(a.user_id).not.toBe(b.user_id);
  });

  it("answers a clear error for B2B calls and unknown routes stay 404", async () => {
    const b2b = await sdk(h, "POST", "/b2b/organizations/members/search", {
      email_address: "x@example.com",
      organization_id: "o",
    });
    expect(b2b.status).toBe(400);
    expect(b2b.json.error_message).toContain("B2B");
  });
});

describe("deleting a factor", () => {
  it("signs the user's other sessions out", async () => {
    const other = await signIn(h, "loses-factor@example.com");
    const mine = await signIn(h, "loses-factor@example.com");
    await sdk(
      h,
      "POST",
      "/magic_links/email/send/secondary",
      { email: "old@example.com" },
      mine.session_token,
    );
    const { token } = tokenFrom(h.mailer.last("old@example.com").text);
    const added = await sdk(
      h,
      "POST",
      "/magic_links/authenticate",
      { token, session_duration_minutes: 60 },
      mine.session_token,
    );
    const session = added.data.session_token as string;
    const old = (added.data.user.emails as { email_id: string; email: string }[]).find(
      (e) => e.email === "old@example.com",
    )!;
    expect((await sdk(h, "DELETE", `/users/emails/${old.email_id}`, undefined, session)).status).toBe(200);
    expect((await sdk(h, "POST", "/sessions/authenticate", {}, other.session_token)).status).toBe(404);
    expect((await sdk(h, "POST", "/sessions/authenticate", {}, session)).status).toBe(200);
  });
});
