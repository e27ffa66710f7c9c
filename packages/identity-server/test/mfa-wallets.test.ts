import bs58 from "bs58";
import { TOTP } from "otpauth";
import nacl from "tweetnacl";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SoftwareAuthenticator } from "../src/testing/software-authenticator.ts";
import { type Harness, sdk, signIn, startHarness } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("TOTP", () => {
  it("enrols with a QR code, authenticates once per code, recovers with a recovery code", async () => {
    const me = await signIn(h, "totp@example.com");
    const noSession = await sdk(h, "POST", "/totps", { expiration_minutes: 10 });
    expect(noSession.json.error_type).toBe("user_unauthenticated");
    const c = await sdk(h, "POST", "/totps", { expiration_minutes: 10 }, me.session_token);
    expect(c.status).toBe(200);
    expect(c.data.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(c.data.recovery_codes).toHaveLength(10);
    const totp = new TOTP({ secret: c.data.secret });
    const code = totp.generate({ timestamp: h.clock.now.getTime() });
    const wrong = await sdk(
      h,
      "POST",
      "/totps/authenticate",
      { totp_code: code === "000000" ? "111111" : "000000", session_duration_minutes: 30 },
      me.session_token,
    );
    expect(wrong.json.error_type).toBe("unable_to_auth_totp");
    const ok = await sdk(
      h,
      "POST",
      "/totps/authenticate",
      { totp_code: code, session_duration_minutes: 30 },
      me.session_token,
    );
    expect(ok.status).toBe(200);
    expect(ok.data.totp_id).toBe(c.data.totp_id);
    const types = ok.data.session.authentication_factors.map((f: { type: string }) => f.type);
    expect(types).toEqual(["magic_link", "totp"]);
    const replay = await sdk(
      h,
      "POST",
      "/totps/authenticate",
      { totp_code: code, session_duration_minutes: 30 },
      ok.data.session_token,
    );
    expect(replay.json.error_type).toBe("unable_to_auth_totp");

    const codes = await sdk(h, "POST", "/totps/recovery_codes", undefined, ok.data.session_token);
    expect(codes.data.totps[0].recovery_codes).toEqual(c.data.recovery_codes);
    const rec = await sdk(
      h,
      "POST",
      "/totps/recover",
      { recovery_code: c.data.recovery_codes[0], session_duration_minutes: 30 },
      ok.data.session_token,
    );
    expect(rec.status).toBe(200);
    const reuse = await sdk(
      h,
      "POST",
      "/totps/recover",
      { recovery_code: c.data.recovery_codes[0], session_duration_minutes: 30 },
      rec.data.session_token,
    );
    expect(reuse.json.error_type).toBe("recovery_code_not_found");
    const left = await sdk(h, "POST", "/totps/recovery_codes", undefined, rec.data.session_token);
    expect(left.data.totps[0].recovery_codes).toHaveLength(9);

    const user = await sdk(h, "GET", "/users/me", undefined, rec.data.session_token);
    expect(user.data.totps).toHaveLength(1);
    const del = await sdk(h, "DELETE", `/users/totps/${c.data.totp_id}`, undefined, rec.data.session_token);
    expect(del.data.__user.totps).toHaveLength(0);
  });
});

describe("WebAuthn passkeys", () => {
  it("registers a passkey, signs in with it, renames and deletes it", async () => {
    const me = await signIn(h, "passkey@example.com");
    const auth = new SoftwareAuthenticator("localhost", "http://localhost:3000");
    const bad = await sdk(
      h,
      "POST",
      "/webauthn/register/start",
      { domain: "evil.example" },
      me.session_token,
    );
    expect(bad.json.error_type).toBe("webauthn_domain_not_allowed");
    const start = await sdk(
      h,
      "POST",
      "/webauthn/register/start",
      { domain: "localhost", return_passkey_credential_options: true, user_agent: "test" },
      me.session_token,
    );
    expect(start.status).toBe(200);
    const options = JSON.parse(start.data.public_key_credential_creation_options);
    expect(options.rp.id).toBe("localhost");
    const reg = await sdk(
      h,
      "POST",
      "/webauthn/register",
      {
        public_key_credential: auth.create(start.data.public_key_credential_creation_options),
        session_duration_minutes: 30,
      },
      me.session_token,
    );
    expect(reg.status).toBe(200);
    const regId = reg.data.webauthn_registration_id;
    expect(reg.data.user.webauthn_registrations[0].webauthn_registration_id).toBe(regId);

    // A passkey sign-in from a fresh browser (no session).
    const s = await sdk(h, "POST", "/webauthn/authenticate/start/primary", {
      domain: "localhost",
      return_passkey_credential_options: true,
    });
    const a = await sdk(h, "POST", "/webauthn/authenticate", {
      public_key_credential: auth.get(s.data.public_key_credential_request_options),
      session_duration_minutes: 30,
    });
    expect(a.status).toBe(200);
    expect(a.data.user_id).toBe(me.user_id);
    expect(a.data.session.authentication_factors[0]).toMatchObject({ type: "webauthn_registration" });

    // Wrong origin and a replayed assertion fail.
    const s2 = await sdk(h, "POST", "/webauthn/authenticate/start/primary", { domain: "localhost" });
    const wrongOrigin = await sdk(h, "POST", "/webauthn/authenticate", {
      public_key_credential: auth.get(s2.data.public_key_credential_request_options, "http://localhost:9999"),
      session_duration_minutes: 30,
    });
    expect(wrongOrigin.json.error_type).toBe("invalid_public_key_credential");
    const replay = await sdk(h, "POST", "/webauthn/authenticate", {
      public_key_credential: auth.get(s.data.public_key_credential_request_options),
      session_duration_minutes: 30,
    });
    expect(replay.json.error_type).toBe("webauthn_challenge_not_found");

    // An unknown credential.
    const other = new SoftwareAuthenticator("localhost", "http://localhost:3000");
    const s3 = await sdk(h, "POST", "/webauthn/authenticate/start/primary", { domain: "localhost" });
    const unknown = await sdk(h, "POST", "/webauthn/authenticate", {
      public_key_credential: other.get(s3.data.public_key_credential_request_options),
      session_duration_minutes: 30,
    });
    expect(unknown.json.error_type).toBe("webauthn_registration_not_found");

    const upd = await sdk(h, "PUT", `/webauthn/update/${regId}`, { name: "Laptop" }, a.data.session_token);
    expect(upd.data.webauthn_registration.name).toBe("Laptop");
    const del = await sdk(
      h,
      "DELETE",
      `/users/webauthn_registrations/${regId}`,
      undefined,
      a.data.session_token,
    );
    expect(del.data.__user.webauthn_registrations).toHaveLength(0);
    const gone = await sdk(
      h,
      "DELETE",
      `/users/webauthn_registrations/${regId}`,
      undefined,
      a.data.session_token,
    );
    expect(gone.json.error_type).toBe("webauthn_registration_not_found");
  });
});

describe("crypto wallets", () => {
  it("Ethereum: SIWE challenge signed with a real key signs up and in", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const start = await sdk(h, "POST", "/crypto_wallets/authenticate/start/primary", {
      crypto_wallet_address: account.address.toLowerCase(),
      crypto_wallet_type: "ethereum",
      siwe_params: { uri: "http://localhost:3000", chain_id: "1" },
    });
    expect(start.status).toBe(200);
    expect(start.data.challenge).toContain("localhost:3000 wants you to sign in with your Ethereum account:");
    expect(start.data.challenge).toContain(account.address);
    const signature = await account.signMessage({ message: start.data.challenge });
    const r = await sdk(h, "POST", "/crypto_wallets/authenticate", {
      crypto_wallet_address: account.address,
      crypto_wallet_type: "ethereum",
      signature,
      session_duration_minutes: 30,
    });
    expect(r.status).toBe(200);
    expect(r.data.user.crypto_wallets[0]).toMatchObject({
      crypto_wallet_address: account.address,
      verified: true,
    });
    const replay = await sdk(h, "POST", "/crypto_wallets/authenticate", {
      crypto_wallet_address: account.address,
      crypto_wallet_type: "ethereum",
      signature,
      session_duration_minutes: 30,
    });
    expect(replay.json.error_type).toBe("crypto_wallet_challenge_not_found");

    // A signature by another key is refused.
    const start2 = await sdk(h, "POST", "/crypto_wallets/authenticate/start/primary", {
      crypto_wallet_address: account.address,
      crypto_wallet_type: "ethereum",
    });
    const forged = await privateKeyToAccount(generatePrivateKey()).signMessage({
      message: start2.data.challenge,
    });
    const bad = await sdk(h, "POST", "/crypto_wallets/authenticate", {
      crypto_wallet_address: account.address,
      crypto_wallet_type: "ethereum",
      signature: forged,
      session_duration_minutes: 30,
    });
    expect(bad.json.error_type).toBe("invalid_signature");
  });

  it("Solana: ed25519 signature in base58", async () => {
    const kp = nacl.sign.keyPair();
    const address = bs58.encode(kp.publicKey);
    const start = await sdk(h, "POST", "/crypto_wallets/authenticate/start/primary", {
      crypto_wallet_address: address,
      crypto_wallet_type: "solana",
    });
    const sig = bs58.encode(nacl.sign.detached(new TextEncoder().encode(start.data.challenge), kp.secretKey));
    const r = await sdk(h, "POST", "/crypto_wallets/authenticate", {
      crypto_wallet_address: address,
      crypto_wallet_type: "solana",
      signature: sig,
      session_duration_minutes: 30,
    });
    expect(r.status).toBe(200);
    expect(r.data.session.authentication_factors[0]).toMatchObject({ type: "crypto_wallet" });
    const badType = await sdk(h, "POST", "/crypto_wallets/authenticate/start/primary", {
      crypto_wallet_address: address,
      crypto_wallet_type: "bitcoin",
    });
    expect(badType.json.error_type).toBe("invalid_crypto_wallet_type");
    const badAddr = await sdk(h, "POST", "/crypto_wallets/authenticate/start/primary", {
      crypto_wallet_address: "0xnothex",
      crypto_wallet_type: "ethereum",
    });
    expect(badAddr.json.error_type).toBe("invalid_crypto_wallet_address");
  });
});
