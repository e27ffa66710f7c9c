// Screenshots of every screen at the widget's 400 px and on a phone, into test-results/widget-screens/.
import { expect, test } from "@playwright/test";
import type { SignInConfig } from "../src/config.ts";
import type { Screen, WidgetState } from "../src/state.ts";
import { PUBLIC_TOKEN } from "./pages.ts";

const EVERYTHING: SignInConfig = {
  products: ["oauth", "emailMagicLinks", "otp", "crypto", "passkeys"],
  otpOptions: { methods: ["sms", "whatsapp"] },
  oauthOptions: { providers: ["google", "microsoft", "apple"] },
};

type Shot = {
  name: string;
  screen: Screen;
  config?: SignInConfig;
  state?: Partial<WidgetState>;
  heading?: string;
};
const now = () => Date.now();
const pw = (type: "new" | "password" | "passwordless") => ({
  passwordState: { email: "ada@example.com", type },
});

const SHOTS: Shot[] = [
  { name: "main-default", screen: "main", heading: "Sign up or log in" },
  { name: "main-everything", screen: "main", config: EVERYTHING },
  {
    name: "main-passwords-otp",
    screen: "main",
    config: { products: ["passwords", "otp"], otpOptions: { methods: ["email", "sms"] } },
  },
  {
    name: "main-oauth-all-providers",
    screen: "main",
    config: {
      products: ["oauth"],
      oauthOptions: {
        providers: [
          "google",
          "microsoft",
          "apple",
          "github",
          "gitlab",
          "facebook",
          "discord",
          "salesforce",
          "slack",
          "amazon",
          "bitbucket",
          "linkedin",
          "coinbase",
          "twitch",
          "twitter",
          "tiktok",
          "snapchat",
          "figma",
          "yahoo",
        ],
      },
    },
  },
  { name: "main-config-error", screen: "main", config: { products: ["passkeys"] } },
  {
    name: "email-confirmation",
    screen: "emailConfirmation",
    state: { magicLinkState: { email: "ada@gmail.com" } },
    heading: "Check your email",
  },
  {
    name: "otp-authenticate",
    screen: "otpAuthenticate",
    state: { otpState: { type: "sms", methodId: "m", otpDestination: "+14155552671", sentAt: now() } },
    heading: "Enter passcode",
  },
  { name: "otp-confirmation", screen: "otpConfirmation" },
  { name: "password-new", screen: "password", state: pw("new"), heading: "Create an account" },
  { name: "password-login", screen: "password", state: pw("password"), heading: "Log in" },
  { name: "password-forgot", screen: "passwordForgot", state: pw("password") },
  { name: "password-breached", screen: "passwordBreached", state: pw("password") },
  { name: "password-set-new", screen: "passwordSetNew", state: pw("passwordless") },
  { name: "password-dedupe", screen: "passwordDedupe", state: pw("passwordless") },
  { name: "password-confirmation", screen: "passwordConfirmation" },
  { name: "password-reset-form", screen: "passwordResetForm", state: { resetPasswordState: { token: "t" } } },
  { name: "crypto-connect", screen: "cryptoConnect", heading: "Connecting to your wallet..." },
  {
    name: "crypto-sign-message",
    screen: "cryptoSignMessage",
    state: { cryptoState: { walletOption: "Metamask", walletAddress: "0xabc", walletChallenge: "c" } },
  },
  {
    name: "crypto-other",
    screen: "cryptoOther",
    config: { products: ["oauth", "crypto"], oauthOptions: { providers: ["google", "apple"] } },
  },
  {
    name: "crypto-setup",
    screen: "cryptoSetup",
    state: { cryptoState: { walletOption: "Phantom", walletAddress: "", walletChallenge: "" } },
  },
  { name: "crypto-confirmation", screen: "cryptoConfirmation" },
  { name: "crypto-error", screen: "cryptoError", state: { errorMessage: "[Error] Could not sign message" } },
  { name: "passkey-register", screen: "passkeyRegister" },
  { name: "passkey-registration-success", screen: "passkeyRegistrationSuccess" },
  { name: "passkey-confirmation", screen: "passkeyConfirmation" },
];

const VIEWPORTS = [
  { label: "400", width: 448, height: 900 },
  { label: "phone", width: 375, height: 812 },
];

for (const vp of VIEWPORTS) {
  test(`every screen at ${vp.label}`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    // A wallet that never answers keeps the connect and sign screens on screen.
    await page.addInitScript(() => {
      (window as unknown as { ethereum: unknown }).ethereum = {
        isMetaMask: true,
        request: () => new Promise(() => {}),
      };
    });
    await page.goto("/gallery");
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    for (const shot of SHOTS) {
      await page.evaluate(
        ({ token, shot }) => {
          // biome-ignore lint/suspicious/noExplicitAny: the gallery lives on window in the page
          (window as any).G.showScreen(token, shot.screen, shot.config ?? {}, shot.state ?? {});
        },
        { token: PUBLIC_TOKEN, shot },
      );
      await expect(page.locator(`[data-screen="${shot.screen}"]`)).toBeVisible();
      if (shot.heading) await expect(page.getByRole("heading", { name: shot.heading })).toBeVisible();
      await page.waitForTimeout(120);
      await page.screenshot({
        path: `test-results/widget-screens/${shot.name}-${vp.label}.png`,
        fullPage: true,
        animations: "disabled",
      });
    }
    // 'Logging in': the authenticate call is held so the spinner stays.
    await page.route("**/sdk/v1/magic_links/authenticate", () => {});
    await page.evaluate((token) => {
      // biome-ignore lint/suspicious/noExplicitAny: the gallery lives on window in the page
      (window as any).G.showResetLogin(token);
    }, PUBLIC_TOKEN);
    await expect(page.getByRole("heading", { name: "Logging in" })).toBeVisible();
    await page.screenshot({
      path: `test-results/widget-screens/reset-logging-in-${vp.label}.png`,
      fullPage: true,
    });
  });
}
