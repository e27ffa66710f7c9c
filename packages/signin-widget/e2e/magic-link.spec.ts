import { expect, test } from "@playwright/test";
import { linkIn, mountWidget, ORIGIN, snap, uniqueEmail, waitForMail } from "./helpers.ts";

test("magic link end to end: send, take the link from the SMTP capture, sign in", async ({ page }) => {
  const email = uniqueEmail("eml");
  await mountWidget(page, {
    products: ["emailMagicLinks"],
    emailMagicLinksOptions: {
      loginRedirectURL: `${ORIGIN}/authenticate`,
      signupRedirectURL: `${ORIGIN}/authenticate`,
    },
  });
  await expect(page.getByRole("heading", { name: "Sign up or log in" })).toBeVisible();
  await expect(page.getByTestId("watermark")).toContainText("Powered by");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with email" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await snap(page, "email-confirmation");
  const mail = await waitForMail(page, email);
  const link = linkIn(mail.text, "/authenticate");
  expect(new URL(link).searchParams.get("stytch_token_type")).toBe("magic_links");
  await page.goto(link);
  await expect(page.locator("#status")).toHaveText(`Signed in as ${email}`);
});
