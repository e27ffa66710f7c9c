import { expect, test } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { mountWidget, snap } from "./helpers.ts";

test("an Ethereum wallet injected into the page signs the challenge with a real key", async ({ page }) => {
  const account = privateKeyToAccount(generatePrivateKey());
  const signed: string[] = [];
  await page.exposeFunction("walletSign", async (message: string) => {
    signed.push(message);
    return account.signMessage({ message });
  });
  await page.addInitScript((address) => {
    // biome-ignore lint/suspicious/noExplicitAny: a minimal EIP-1193 provider in the page
    const w = window as any;
    w.ethereum = {
      isMetaMask: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        if (method === "eth_requestAccounts" || method === "eth_accounts") return [address];
        if (method === "personal_sign") return w.walletSign((params as string[])[0]);
        throw new Error(`unsupported ${method}`);
      },
    };
  }, account.address);
  await mountWidget(page, { products: ["crypto"] });
  await snap(page, "main-crypto");
  await page.getByRole("button", { name: "Continue with MetaMask" }).click();
  await expect(
    page.getByRole("heading", { name: "Success! You have successfully connected your wallet." }),
  ).toBeVisible();
  expect(signed).toHaveLength(1);
  expect(signed[0]).toContain(account.address);
  const user = await page.evaluate(() =>
    (
      window as unknown as {
        client: { user: { getSync(): { crypto_wallets?: { crypto_wallet_address: string }[] } } };
      }
    ).client.user.getSync(),
  );
  expect(user.crypto_wallets?.[0]?.crypto_wallet_address.toLowerCase()).toBe(account.address.toLowerCase());
});
