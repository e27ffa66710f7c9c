// Factor squatting: a password user made for someone else's address, given factors of the squatter's own
// before the real owner proves the address. docs/IDENTITY.md, threat 12; the app's end of the chain (the
// squatter opening the owner's projects) is apps/server/test/identity-attacks.test.ts.
import { randomUUID } from "node:crypto";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_KEEP_DAYS, identitySchema, sweepIdentity } from "../src/index.ts";
import { SoftwareAuthenticator } from "../src/testing/software-authenticator.ts";
import { backend, type Harness, sdk, signIn, startHarness, tokenFrom } from "./harness.ts";

const {
  identityAuditLog,
  identityCryptoWallets,
  identityEmails,
  identityOauthRegistrations,
  identityPhones,
  identityTotps,
  identityWebauthn,
} = identitySchema;

const PASSWORD = "correct-horse-battery-staple-42!";
const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
let phoneCounter = 0;
/** A distinct valid UK number per call. */
const phone = () => `+4420718${String(38750 + phoneCounter++).padStart(5, "0")}`;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const lastCode = () => /\b(\d{6})\b/.exec(h.sms.messages.at(-1)!.body)![1]!;

async function squat(victim: string): Promise<{ session: string; userId: string }> {
  const created = await sdk(h, "POST", "/passwords", { email: victim, password: PASSWORD });
  expect(created.status).toBe(200);
  return { session: created.data.session_token, userId: created.data.user_id };
}

/** The squatter adds an address of their own by magic link; answers the user it joined (or null). */
async function addOwnEmail(session: string, own: string): Promise<string | null> {
  const sent = await sdk(h, "POST", "/magic_links/email/send/secondary", { email: own }, session);
  if (sent.status !== 200) return null;
  const { token } = tokenFrom(h.mailer.last(own).text);
  const joined = await sdk(h, "POST", "/magic_links/authenticate", { token, session_duration_minutes: 60 });
  return joined.status === 200 ? (joined.data.user_id as string) : null;
}

describe("factor squatting (threat 12)", () => {
  it("an SMS number cannot be attached to a user whose email nobody proved, nor sign in to it later", async () => {
    const victim = address("victim");
    const squatter = await squat(victim);
    const number = phone();
    const attach = await sdk(
      h,
      "POST",
      "/otps/sms/send/secondary",
      { phone_number: number },
      squatter.session,
    );
    if (attach.status === 200) {
      await sdk(
        h,
        "POST",
        "/otps/authenticate",
        { token: lastCode(), method_id: attach.data.method_id, session_duration_minutes: 60 },
        squatter.session,
      );
    }

    // The real owner signs up by magic link; then the squatter signs in with the number.
    const owner = await signIn(h, victim);
    expect(owner.user_id).toBe(squatter.userId);
    const sent = await sdk(h, "POST", "/otps/sms/login_or_create", { phone_number: number });
    const login = await sdk(h, "POST", "/otps/authenticate", {
      token: lastCode(),
      method_id: sent.data.method_id,
      session_duration_minutes: 60,
    });
    expect(login.status).toBe(200);
    expect(login.data.user_id).not.toBe(owner.user_id);
    expect(await addOwnEmail(login.data.session_token, address("squatter"))).not.toBe(owner.user_id);

    expect(attach.status).toBe(403);
    expect(attach.json.error_type).toBe("unauthorized_action");
  });

  it("no wallet, passkey, authenticator app or phone joins a user whose email is unproven", async () => {
    const { session } = await squat(address("victim"));
    const wallet = privateKeyToAccount(generatePrivateKey());
    const attempts = [
      await sdk(
        h,
        "POST",
        "/crypto_wallets/authenticate/start/secondary",
        { crypto_wallet_address: wallet.address, crypto_wallet_type: "ethereum" },
        session,
      ),
      await sdk(h, "POST", "/webauthn/register/start", { domain: "localhost" }, session),
      await sdk(h, "POST", "/totps", { expiration_minutes: 10 }, session),
      await sdk(h, "POST", "/otps/sms/send/secondary", { phone_number: phone() }, session),
      await sdk(h, "POST", "/otps/email/send/secondary", { email: address("own") }, session),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.json.error_type).toBe("unauthorized_action");
    }
  });

  it("the owner's first proof removes every factor it did not bring and ends every session", async () => {
    const victim = address("victim");
    const squatter = await squat(victim);
    // Factors left on the user from before this rule (written directly: no call can add them now).
    const userId = squatter.userId;
    const now = new Date();
    const planted = {
      wallet: { id: `crypto-wallet-test-${randomUUID()}`, address: `0x${randomUUID().replaceAll("-", "")}` },
      passkey: `webauthn-registration-test-${randomUUID()}`,
      totp: `totp-test-${randomUUID()}`,
      phone: `phone-number-test-${randomUUID()}`,
      oauth: `oauth-user-registration-test-${randomUUID()}`,
      email: `email-test-${randomUUID()}`,
    };
    await h.db.insert(identityCryptoWallets).values({
      id: planted.wallet.id,
      userId,
      address: planted.wallet.address,
      walletType: "ethereum",
      verified: true,
      createdAt: now,
    });
    await h.db.insert(identityWebauthn).values({
      id: planted.passkey,
      userId,
      credentialId: randomUUID(),
      publicKey: "x",
      domain: "localhost",
      createdAt: now,
    });
    await h.db.insert(identityTotps).values({
      id: planted.totp,
      userId,
      secretEnc: "x",
      recoveryCodesEnc: "x",
      verified: true,
      createdAt: now,
    });
    await h.db
      .insert(identityPhones)
      .values({ id: planted.phone, userId, phone: phone(), verified: true, createdAt: now });
    await h.db.insert(identityOauthRegistrations).values({
      id: planted.oauth,
      userId,
      provider: "github",
      subject: randomUUID(),
      createdAt: now,
    });
    await h.db
      .insert(identityEmails)
      .values({ id: planted.email, userId, email: address("squatter"), verified: true, createdAt: now });

    // The owner proves the address with an emailed code (any email proof does the same).
    const sent = await sdk(h, "POST", "/otps/email/login_or_create", { email: victim });
    const code = /\b(\d{6})\b/.exec(h.mailer.last(victim).text)![1];
    const owner = await sdk(h, "POST", "/otps/authenticate", {
      token: code,
      method_id: sent.data.method_id,
      session_duration_minutes: 60,
    });
    expect(owner.status).toBe(200);
    expect(owner.data.user_id).toBe(userId);
    const user = owner.data.user;
    expect(user.emails).toEqual([{ email_id: sent.data.email_id, email: victim, verified: true }]);
    for (const kind of ["crypto_wallets", "webauthn_registrations", "totps", "phone_numbers", "providers"]) {
      expect(user[kind], kind).toEqual([]);
    }
    expect(user.password.requires_reset).toBe(true);
    expect((await sdk(h, "POST", "/sessions/authenticate", {}, squatter.session)).status).toBe(404);
  });

  it("a phone put on a squatter's wallet user hands that user to the phone's owner", async () => {
    // The squatter signs up with a wallet (no email: nothing to prove) and adds someone's number.
    const wallet = privateKeyToAccount(generatePrivateKey());
    const walletSignIn = async () => {
      const start = await sdk(h, "POST", "/crypto_wallets/authenticate/start/primary", {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: "ethereum",
      });
      return sdk(h, "POST", "/crypto_wallets/authenticate", {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: "ethereum",
        signature: await wallet.signMessage({ message: start.data.challenge }),
        session_duration_minutes: 60,
      });
    };
    const squatter = await walletSignIn();
    const number = phone();
    const squatted = await sdk(
      h,
      "POST",
      "/otps/sms/send/secondary",
      { phone_number: number },
      squatter.data.session_token,
    );
    expect(squatted.status).toBe(200); // the code goes to the number's owner, who never types it here

    // The number's owner signs in by SMS and lands in that user: the squatter's wallet goes.
    const sent = await sdk(h, "POST", "/otps/sms/login_or_create", { phone_number: number });
    const owner = await sdk(h, "POST", "/otps/authenticate", {
      token: lastCode(),
      method_id: sent.data.method_id,
      session_duration_minutes: 60,
    });
    expect(owner.data.user.crypto_wallets).toEqual([]);
    expect((await sdk(h, "POST", "/sessions/authenticate", {}, squatter.data.session_token)).status).toBe(
      404,
    );
    const again = await walletSignIn();
    expect(again.data.user_id).not.toBe(owner.data.user_id);
  });

  it("a passkey registered by a squatter does not outlive the owner's sign-up", async () => {
    const victim = address("victim");
    const squatter = await squat(victim);
    const key = new SoftwareAuthenticator("localhost", "http://localhost:3000");
    const start = await sdk(
      h,
      "POST",
      "/webauthn/register/start",
      { domain: "localhost", return_passkey_credential_options: true },
      squatter.session,
    );
    if (start.status === 200) {
      await sdk(
        h,
        "POST",
        "/webauthn/register",
        { public_key_credential: key.create(start.data.public_key_credential_creation_options) },
        squatter.session,
      );
    }
    const owner = await signIn(h, victim);
    const options = await sdk(h, "POST", "/webauthn/authenticate/start/primary", {
      domain: "localhost",
      return_passkey_credential_options: true,
    });
    const login = await sdk(h, "POST", "/webauthn/authenticate", {
      public_key_credential: key.get(options.data.public_key_credential_request_options),
      session_duration_minutes: 60,
    });
    expect(login.data?.user_id).not.toBe(owner.user_id);
    expect(start.json.error_type).toBe("unauthorized_action");
  });
});

describe("audit lines (threat 14)", () => {
  it("go with the user they name, and age out after the retention period", async () => {
    const gone = address("leaving");
    const stays = address("staying");
    // A failed sign-in before the account existed names only the address tried.
    await sdk(h, "POST", "/passwords/authenticate", {
      email: gone.toUpperCase(),
      password: "wrong-password-1!",
    });
    const leaving = await signIn(h, gone);
    await signIn(h, stays);
    const lines = async (who: string, userId?: string) =>
      (await h.db.select().from(identityAuditLog)).filter(
        (l) => l.subject.toLowerCase() === who || (userId && l.userId === userId),
      );
    expect((await lines(gone, leaving.user_id)).length).toBeGreaterThan(1);

    expect((await backend(h, "DELETE", `/users/${leaving.user_id}`)).status).toBe(200);
    expect(await lines(gone, leaving.user_id)).toEqual([]);
    expect((await lines(stays)).length).toBeGreaterThan(0);

    const later = new Date(Date.now() + (AUDIT_KEEP_DAYS + 1) * 86_400_000);
    const swept = await sweepIdentity(h.db, { now: later });
    expect(swept.auditLines).toBeGreaterThan(0);
    expect(await lines(stays)).toEqual([]);
  });
});
