import { authData, okResponse } from "@dubbing/identity-client/testing";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWidget } from "../../test/render.tsx";

const w = globalThis as { ethereum?: unknown; solana?: unknown };
afterEach(() => {
  delete w.ethereum;
  delete w.solana;
});

const cryptoRoutes = {
  "POST /crypto_wallets/authenticate/start/primary": () =>
    okResponse({ challenge: "Sign in to Dubbing: nonce 42" }),
  "POST /crypto_wallets/authenticate": () => okResponse(authData()),
};

describe("Crypto screens", () => {
  it("connects, signs with personal_sign and confirms", async () => {
    const requests: { method: string; params?: unknown }[] = [];
    w.ethereum = {
      isMetaMask: true,
      request: async (r: { method: string; params?: unknown }) => {
        requests.push(r);
        return r.method === "eth_requestAccounts"
          ? ["0xAbC0000000000000000000000000000000000001"]
          : "0xsignature";
      },
    };
    const t = renderWidget({ config: { products: ["crypto"] }, routes: cryptoRoutes });
    await t.user.click(screen.getByRole("button", { name: "Continue with MetaMask" }));
    expect(
      await screen.findByRole("heading", { name: "Success! You have successfully connected your wallet." }),
    ).toBeTruthy();
    expect(requests[1]).toEqual({
      method: "personal_sign",
      params: ["Sign in to Dubbing: nonce 42", "0xAbC0000000000000000000000000000000000001"],
    });
    expect(t.calls.find((c) => c.path === "/crypto_wallets/authenticate")?.body).toMatchObject({
      crypto_wallet_type: "ethereum",
      signature: "0xsignature",
    });
    expect(t.events.map((e) => e.type)).toEqual([
      "CRYPTO_WALLET_AUTHENTICATE_START",
      "CRYPTO_WALLET_AUTHENTICATE",
    ]);
  });

  it("Solana: signMessage, signature base58-encoded", async () => {
    w.solana = {
      isPhantom: true,
      connect: async () => ({ publicKey: { toString: () => "So1anaAddre55" } }),
      request: async () => ({ signature: new Uint8Array([0, 0, 1, 2, 3]) }),
    };
    const t = renderWidget({ config: { products: ["crypto"] }, routes: cryptoRoutes });
    await t.user.click(screen.getByRole("button", { name: "Continue with Phantom" }));
    await screen.findByRole("heading", { name: "Success! You have successfully connected your wallet." });
    expect(t.calls.find((c) => c.path === "/crypto_wallets/authenticate")?.body).toMatchObject({
      crypto_wallet_type: "solana",
      crypto_wallet_address: "So1anaAddre55",
      signature: "11Ldp",
    });
  });

  it.each([
    ["connect", "[Error] Could not connect to wallet"],
    ["sign", "[Error] Could not sign message"],
  ])("a %s failure goes to Crypto Error", async (step, message) => {
    w.ethereum = {
      isMetaMask: true,
      request: async (r: { method: string }) => {
        if (step === "connect" || r.method === "personal_sign") throw new Error("User rejected the request.");
        return ["0xabc"];
      },
    };
    const t = renderWidget({ config: { products: ["crypto"] }, routes: cryptoRoutes });
    await t.user.click(screen.getByRole("button", { name: "Continue with MetaMask" }));
    expect(await screen.findByRole("heading", { name: "Looks like there was an error!" })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(t.errors).toHaveLength(1);
  });

  it("a wallet that is not installed leads to the set-up screen with download links", async () => {
    const t = renderWidget({ config: { products: ["crypto"] } });
    await t.user.click(screen.getByRole("button", { name: "Continue with MetaMask" }));
    expect(await screen.findByRole("heading", { name: "Set up a new crypto wallet" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Get MetaMask/ }).getAttribute("href")).toBe(
      "https://metamask.io/download/",
    );
  });

  it("wallets beyond the slots are on 'Continue with other wallet'", async () => {
    const t = renderWidget({
      config: { products: ["oauth", "crypto"], oauthOptions: { providers: ["google", "apple", "github"] } },
    });
    expect(screen.getByRole("button", { name: "Continue with MetaMask" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Continue with Phantom" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continue with Coinbase Wallet" })).toBeNull();
    await t.user.click(screen.getByRole("button", { name: "Continue with other wallet" }));
    expect(await screen.findByRole("heading", { name: "Continue with other wallet" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Continue with Coinbase Wallet" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continue with MetaMask" })).toBeNull();
  });
});
