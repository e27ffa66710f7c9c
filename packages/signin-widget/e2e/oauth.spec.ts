import { expect, test } from "@playwright/test";
import { mountWidget, ORIGIN } from "./helpers.ts";

test("'Continue with Google' signs in through an OpenID Connect provider standing in for Google", async ({
  page,
}) => {
  const redirect = `${ORIGIN}/authenticate`;
  await mountWidget(page, {
    products: ["oauth"],
    oauthOptions: { providers: ["google"], loginRedirectURL: redirect, signupRedirectURL: redirect },
  });
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL(/\/authenticate\?.*stytch_token_type=oauth/);
  await expect(page.locator("#status")).toHaveText("Signed in as carol@example.com");
});
