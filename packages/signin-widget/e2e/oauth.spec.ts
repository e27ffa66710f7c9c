import { expect, test } from "@playwright/test";
import { mountWidget } from "./helpers.ts";

test("'Continue with Google' signs in through an OpenID Connect provider standing in for Google", async ({
  page,
}) => {
  const redirect = "http://localhost:18290/authenticate";
  await mountWidget(page, {
    products: ["oauth"],
    oauthOptions: { providers: ["google"], loginRedirectURL: redirect, signupRedirectURL: redirect },
  });
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL(/\/authenticate\?.*stytch_token_type=oauth/);
  await expect(page.locator("#status")).toHaveText("Signed in as carol@example.com");
});
