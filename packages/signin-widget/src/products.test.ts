import { describe, expect, it } from "vitest";
import { mailboxLinks } from "./mailboxes.ts";
import { configError, inputTabs, mainGroups } from "./products.ts";
import { findProvider, splitWallets, WALLETS } from "./wallets.ts";

describe("§5 product combinations", () => {
  it("refuses email magic links together with email OTP", () => {
    expect(configError({ products: ["emailMagicLinks", "otp"], otpOptions: { methods: ["email"] } })).toBe(
      "Error: Cannot use both EML and Email OTP",
    );
    expect(
      configError({ products: ["emailMagicLinks", "otp"], otpOptions: { methods: ["sms"] } }),
    ).toBeNull();
  });
  it("refuses passkeys alone", () => {
    expect(configError({ products: ["passkeys"] })).toBe(
      "Error: Cannot use Passkeys by itself, please add another product to the config.",
    );
    expect(configError({ products: ["passkeys", "emailMagicLinks"] })).toBeNull();
  });
  it("defaults to email magic links", () => {
    expect(inputTabs({})).toEqual([{ id: "email", action: "magicLink" }]);
  });
  it("hides the magic-link tab and the email-OTP tab when passwords are on", () => {
    expect(inputTabs({ products: ["passwords", "emailMagicLinks"] })).toEqual([
      { id: "email", action: "password" },
    ]);
    expect(inputTabs({ products: ["passwords", "otp"], otpOptions: { methods: ["email", "sms"] } })).toEqual([
      { id: "email", action: "password" },
      { id: "sms" },
    ]);
  });
  it("orders the Main groups like the products", () => {
    expect(
      mainGroups({
        products: ["crypto", "otp", "oauth", "passkeys", "emailMagicLinks"],
        otpOptions: { methods: ["whatsapp"] },
        oauthOptions: { providers: ["google"] },
      }),
    ).toEqual(["crypto", "inputs", "oauth", "passkeys"]);
  });
});

describe("§9 wallet slots", () => {
  it("shows 6 − OAuth providers − 1 wallets and puts the rest behind 'other'", () => {
    expect(splitWallets(WALLETS, 3).main.map((w) => w.option)).toEqual(["Metamask", "Phantom"]);
    expect(splitWallets(WALLETS, 3).other).toHaveLength(5);
    expect(splitWallets(WALLETS, 0).main).toHaveLength(5);
    expect(splitWallets(WALLETS.slice(0, 2), 3)).toEqual({ main: WALLETS.slice(0, 2), other: [] });
    expect(splitWallets(WALLETS, 6).main).toHaveLength(0);
  });
  it("finds injected wallets", () => {
    const eth = { isMetaMask: true, request: async () => null };
    const sol = { isPhantom: true, connect: async () => ({ publicKey: "" }), request: async () => ({}) };
    expect(findProvider("Metamask", { ethereum: eth })).toBe(eth);
    expect(findProvider("Coinbase", { ethereum: eth })).toBeUndefined();
    expect(findProvider("Ethereum", { ethereum: eth })).toBe(eth);
    expect(findProvider("Phantom", { solana: sol })).toBe(sol);
    expect(findProvider("Metamask", {})).toBeUndefined();
  });
});

describe("inbox links", () => {
  it("filters by the user's provider and searches for the sender domain", () => {
    const links = mailboxLinks("ada@gmail.com", undefined, ["dubbing.local"]);
    expect(links).toEqual([
      { id: "gmail", href: "https://mail.google.com/mail/u/0/#search/from%3Adubbing.local+in%3Aanywhere" },
    ]);
  });
  it("prefers the domain hint and shows all three for other domains", () => {
    const links = mailboxLinks("ada@company.com", "mail.dubbing.ai", ["a.com", "b.com"]);
    expect(links.map((l) => l.id)).toEqual(["gmail", "yahoo", "outlook"]);
    expect(links.every((l) => l.href.includes("mail.dubbing.ai"))).toBe(true);
  });
  it("does not filter when the sender domain is unknown", () => {
    expect(mailboxLinks("ada@hotmail.com", undefined, ["a.com", "b.com"])).toEqual([
      { id: "outlook", href: "https://outlook.live.com/mail/0/" },
    ]);
  });
});
