import { expect, test } from "@playwright/test";
import { linkIn, mountWidget, ORIGIN, snap, uniqueEmail, waitForMail } from "./helpers.ts";

const RESET_URL = `${ORIGIN}/reset`;
const config = {
  products: ["passwords" as const],
  passwordOptions: { resetPasswordRedirectURL: RESET_URL, loginRedirectURL: RESET_URL },
};

test("password: create with a weak then a strong password; forgot password; reset form; login link", async ({
  page,
}) => {
  const email = uniqueEmail("pw");
  await mountWidget(page, config);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with email" }).click();
  await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
  const password = page.getByLabel("Password", { exact: true });
  const submit = page.getByRole("button", { name: "Continue" });
  await password.fill("password");
  await expect(page.getByText(/may have been used on a different site/)).toBeVisible();
  await expect(submit).toBeDisabled();
  await snap(page, "password-create-weak");
  await password.fill("correct horse battery staple 42!");
  await expect(page.getByText("Great job! This is a strong password.")).toBeVisible();
  await expect(submit).toBeEnabled();
  await snap(page, "password-create-strong");
  await submit.click();
  await expect(
    page.getByRole("heading", { name: "Success! You have successfully logged in." }),
  ).toBeVisible();
  await page.evaluate(() =>
    (window as unknown as { client: { session: { revoke(): Promise<unknown> } } }).client.session.revoke(),
  );

  // Forgot password from the login screen.
  await mountWidget(page, config);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with email" }).click();
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await snap(page, "password-login");
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password?" })).toBeVisible();
  await snap(page, "password-forgot");
  const mail = await waitForMail(page, email);
  const resetLink = linkIn(mail.text, "stytch_token_type=reset_password");

  await page.goto(resetLink);
  await mountWidget(page, config, { path: "", kind: "mountResetPassword" });
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("New password").fill("an even better passphrase 2027?");
  await expect(page.getByRole("button", { name: "Continue" })).toBeEnabled();
  await snap(page, "password-reset-form");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(
    page.getByRole("heading", { name: "Success! You have successfully logged in." }),
  ).toBeVisible();

  // The "sign in without a password" link of a reset email: token type 'login'.
  await mountWidget(page, config);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with email" }).click();
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password?" })).toBeVisible();
  const loginLink = linkIn((await waitForMail(page, email, 2)).text, "stytch_token_type=login");
  await page.goto(loginLink);
  await mountWidget(page, config, { path: "", kind: "mountResetPassword" });
  await expect(
    page.getByRole("heading", { name: "Success! You have successfully logged in." }),
  ).toBeVisible();
});
