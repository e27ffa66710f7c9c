// @vitest-environment node
import { describe, expect, it } from "vitest";
import { type EthereumProvider, type SolanaProvider, WALLET_MESSAGES } from "./crypto-wallets.ts";
import { ERROR_CODES, WalletError } from "./errors.ts";
import { authData, okResponse, type RecordedRequest, testClient } from "./testing.ts";

/** The calls other than the (lazy) bootstrap fetch. */
const api = (calls: RecordedRequest[]) => calls.filter((c) => !c.path.startsWith("/projects/bootstrap/"));

function ethereum(overrides: Partial<Record<string, (params: unknown) => unknown>> = {}) {
  const requests: { method: string; params?: unknown }[] = [];
  const provider: EthereumProvider = {
    request: async ({ method, params }) => {
      requests.push({ method, params });
      const handler = overrides[method];
      if (handler) return handler(params);
      if (method === "eth_requestAccounts") return ["0xAbC0000000000000000000000000000000000001"];
      if (method === "personal_sign") return "0xsignature";
      throw new Error(`unexpected ${method}`);
    },
  };
  return { provider, requests };
}

function solana(signature: number[] = [0, 0, 0x28, 0x7f, 0xb4, 0xcd]) {
  const requests: unknown[] = [];
  const provider: SolanaProvider = {
    connect: async () => ({ publicKey: { toString: () => "SoLPubKey111" } }),
    request: async (args) => {
      requests.push(args);
      return { signature: new Uint8Array(signature) };
    },
  };
  return { provider, requests };
}

describe("crypto wallets", () => {
  it("Ethereum: eth_requestAccounts, start, personal_sign(challenge, address), authenticate", async () => {
    const eth = ethereum();
    const { client, calls } = testClient({
      routes: {
        "POST /crypto_wallets/authenticate/start/primary": () =>
          okResponse({ challenge: "Sign in: nonce-1" }),
        "POST /crypto_wallets/authenticate": () => okResponse(authData()),
      },
    });
    await client.cryptoWallets.signInWithEthereum(eth.provider, { session_duration_minutes: 30 });
    const address = "0xAbC0000000000000000000000000000000000001";
    expect(eth.requests).toEqual([
      { method: "eth_requestAccounts", params: undefined },
      { method: "personal_sign", params: ["Sign in: nonce-1", address] },
    ]);
    expect(api(calls)[0]!.body).toEqual({ crypto_wallet_address: address, crypto_wallet_type: "ethereum" });
    expect(api(calls)[1]!.body).toEqual({
      crypto_wallet_address: address,
      crypto_wallet_type: "ethereum",
      signature: "0xsignature",
      session_duration_minutes: 30,
    });
    expect(client.session.getSync()).not.toBeNull();
  });

  it("Ethereum with SIWE required: sends siwe_params with the page origin as uri", async () => {
    const { client, calls } = testClient({
      routes: {
        "GET /projects/bootstrap/public-token-test-0000": () =>
          okResponse({ siwe_required_for_crypto_wallets: true }),
        "POST /crypto_wallets/authenticate/start/primary": () => okResponse({ challenge: "c" }),
      },
    });
    await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: "0x1",
      crypto_wallet_type: "ethereum",
    });
    expect(calls.find((c) => c.path.startsWith("/crypto_wallets"))!.body).toEqual({
      crypto_wallet_address: "0x1",
      crypto_wallet_type: "ethereum",
      siwe_params: { uri: "https://app.example.com" },
    });
  });

  it("Solana: connect, start, signMessage request (utf8), base58 signature", async () => {
    const sol = solana();
    const { client, calls } = testClient({
      routes: {
        "POST /crypto_wallets/authenticate/start/primary": () => okResponse({ challenge: "héllo" }),
        "POST /crypto_wallets/authenticate": () => okResponse(authData()),
      },
    });
    await client.cryptoWallets.signInWithSolana(sol.provider, { session_duration_minutes: 30 });
    const req = sol.requests[0] as { method: string; params: { message: Uint8Array; display: string } };
    expect(req.method).toBe("signMessage");
    expect(req.params.display).toBe("utf8");
    expect(new TextDecoder().decode(req.params.message)).toBe("héllo");
    expect(api(calls)[1]!.body).toEqual({
      crypto_wallet_address: "SoLPubKey111",
      crypto_wallet_type: "solana",
      signature: "11233QC4",
      session_duration_minutes: 30,
    });
  });

  it("start uses /secondary when a session exists", async () => {
    const { client, calls } = testClient({
      routes: {
        "POST /otps/authenticate": () => okResponse(authData()),
        "POST /crypto_wallets/authenticate/start/secondary": () => okResponse({ challenge: "c" }),
      },
    });
    await client.otps.authenticate("123456", "m", { session_duration_minutes: 5 });
    await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: "a",
      crypto_wallet_type: "solana",
    });
    expect(api(calls)[1]!.path).toBe("/crypto_wallets/authenticate/start/secondary");
  });

  it("reports wallet refusals with the §8 messages", async () => {
    const { client } = testClient();
    const refuseConnect = ethereum({
      eth_requestAccounts: () => {
        throw new Error("User rejected");
      },
    });
    const e1 = await client.cryptoWallets.connectEthereum(refuseConnect.provider).catch((e) => e);
    expect(e1).toBeInstanceOf(WalletError);
    expect(e1.message).toBe(WALLET_MESSAGES.connect);
    expect(WALLET_MESSAGES.connect).toBe("[Error] Could not connect to wallet");
    const refuseSign = ethereum({
      personal_sign: () => {
        throw new Error("User rejected");
      },
    });
    const e2 = await client.cryptoWallets.signEthereum(refuseSign.provider, "m", "0x1").catch((e) => e);
    expect(e2.message).toBe("[Error] Could not sign message");
    const e3 = await client.cryptoWallets.connectEthereum(undefined).catch((e) => e);
    expect(e3.code).toBe(ERROR_CODES.walletUnavailable);
  });

  it("requires crypto_wallet_address, crypto_wallet_type and signature (§5)", async () => {
    const { client, calls } = testClient();
    const base = {
      crypto_wallet_address: "a",
      crypto_wallet_type: "solana",
      signature: "s",
      session_duration_minutes: 5,
    };
    await expect(
      client.cryptoWallets.authenticate({ ...base, signature: undefined as unknown as string }),
    ).rejects.toThrow("signature must be a string.");
    await expect(
      client.cryptoWallets.authenticate({ ...base, crypto_wallet_address: 1 as unknown as string }),
    ).rejects.toThrow("crypto_wallet_address must be a string.");
    await expect(
      client.cryptoWallets.authenticateStart({
        crypto_wallet_address: "a",
        crypto_wallet_type: undefined as unknown as string,
      }),
    ).rejects.toThrow("crypto_wallet_type must be a string.");
    await expect(
      client.cryptoWallets.authenticate({
        ...base,
        session_duration_minutes: undefined as unknown as number,
      }),
    ).rejects.toThrow("session_duration_minutes must be a number.");
    expect(calls).toHaveLength(0);
  });
});
