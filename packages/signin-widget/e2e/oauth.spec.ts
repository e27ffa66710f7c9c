// Social sign-in through the widget, in Chromium, against the real identity server and stand-in providers
// (e2e/server.ts): an OpenID Connect provider (Google), plain OAuth 2.0 (GitHub), Apple's form_post with
// an ES256 client secret, and Google One Tap with a stub of Google's script.
import { expect, type Page, test } from "@playwright/test";
import { mountWidget, ORIGIN } from "./helpers.ts";

const redirect = `${ORIGIN}/authenticate`;

async function continueWith(page: Page, provider: "google" | "github" | "apple", label: string) {
  await mountWidget(page, {
    products: ["oauth"],
    oauthOptions: { providers: [provider], loginRedirectURL: redirect, signupRedirectURL: redirect },
  });
  await page.getByRole("button", { name: `Continue with ${label}` }).click();
  await page.waitForURL(/\/authenticate\?.*stytch_token_type=oauth/);
}

test("'Continue with Google' signs in through an OpenID Connect provider standing in for Google", async ({
  page,
}) => {
  await continueWith(page, "google", "Google");
  await expect(page.locator("#status")).toHaveText("Signed in as carol@example.com");
});

test("'Continue with GitHub' signs in through plain OAuth 2.0 (code, PKCE, user and emails API)", async ({
  page,
}) => {
  await continueWith(page, "github", "GitHub");
  await expect(page.locator("#status")).toHaveText("Signed in as gus@example.com");
});

test("'Continue with Apple' signs in through Apple's form_post answer", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/v1/public/oauth/apple/callback")) posts.push(r.url());
  });
  await continueWith(page, "apple", "Apple");
  expect(posts).toHaveLength(1); // the provider's page posted the code to the callback
  await expect(page.locator("#status")).toHaveText("Signed in as ana@privaterelay.appleid.com");
});

/**
 * Google's script, stubbed: `prompt` shows an account chooser in the widget's One Tap slot; choosing the
 * account gets a credential signed by the stand-in's Google key with the nonce the widget initialised.
 */
const GOOGLE_SCRIPT_STUB = `
window.google = { accounts: { id: {
  initialize(o) { window.__gsi = o; },
  prompt(listener) {
    const o = window.__gsi;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Continue as Hana";
    button.onclick = async () => {
      const r = await fetch("/__test/google-credential?nonce=" + encodeURIComponent(o.nonce));
      o.callback({ credential: (await r.json()).credential, select_by: "user" });
    };
    (document.getElementById(o.prompt_parent_id) || document.body).appendChild(button);
    if (listener) listener({ isNotDisplayed: () => false, isSkippedMoment: () => false });
  },
  cancel() {},
} } };`;

test("Google One Tap signs in with the credential Google's script hands over", async ({ page }) => {
  await page.route("https://accounts.google.com/gsi/client", (route) =>
    route.fulfill({ contentType: "text/javascript", body: GOOGLE_SCRIPT_STUB }),
  );
  await mountWidget(page, {
    products: ["oauth"],
    oauthOptions: {
      providers: [{ type: "google", one_tap: true, client_id: "stand-in-client-id" }],
      loginRedirectURL: redirect,
      signupRedirectURL: redirect,
    },
  });
  await page.getByRole("button", { name: "Continue as Hana" }).click();
  await page.waitForURL(/\/authenticate\?.*stytch_token_type=oauth/);
  await expect(page.locator("#status")).toHaveText("Signed in as hana@example.com");
});
