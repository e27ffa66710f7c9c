import { expect, test } from "@playwright/test";
import { codeIn, mountWidget, snap, uniqueEmail, waitForMail } from "./helpers.ts";

test("passkey: register with a virtual authenticator, rename it, then sign in with it", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  // Without a signed-in user the registration flow refuses.
  await mountWidget(page, {}, { kind: "mountPasskeyRegistration" });
  await expect(
    page.getByText("Error: Cannot use PasskeyRegistration component without active user authenticated."),
  ).toBeVisible();

  // Sign in with an email passcode first: no factor joins a user whose email nobody proved yet (threat 12).
  const email = uniqueEmail("passkey");
  await mountWidget(page, { products: ["otp"], otpOptions: { methods: ["email"], expirationMinutes: 5 } });
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with email" }).click();
  await page.getByLabel("One-time passcode").fill(codeIn((await waitForMail(page, email)).text));
  await expect(page.getByRole("heading", { name: "Success" })).toBeVisible();

  await mountWidget(page, {}, { path: "", kind: "mountPasskeyRegistration" });
  await expect(page.getByRole("heading", { name: "Set up a new Passkey" })).toBeVisible();
  await snap(page, "passkey-register");
  await page.getByRole("button", { name: "Create a Passkey" }).click();
  await expect(page.getByRole("heading", { name: "Passkey successfully created!" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Your Passkeys" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: /^Rename/ }).click();
  await page.getByLabel("Passkey name").fill("Work laptop");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Work laptop")).toBeVisible();
  await page.getByRole("button", { name: "Delete Work laptop" }).click();
  await expect(page.getByText("Once deleted, the passkey cannot be restored.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up another Passkey" })).toBeDisabled();
  await snap(page, "passkey-delete-warning");
  await page.getByRole("button", { name: "Cancel" }).click();
  await snap(page, "passkey-registration-success");

  await page.evaluate(() =>
    (window as unknown as { client: { session: { revoke(): Promise<unknown> } } }).client.session.revoke(),
  );
  await mountWidget(page, { products: ["emailMagicLinks", "passkeys"] });
  // The virtual authenticator may also answer the email field's passkey autofill request (conditional
  // mediation) before the button is clicked; either way the passkey signs the user in.
  const success = page.getByRole("heading", {
    name: "Success. Your Passkey has been successfully authenticated.",
  });
  const button = page.getByRole("button", { name: "Continue with Passkey" });
  await expect(success.or(button)).toBeVisible();
  if (await button.isVisible()) await button.click({ timeout: 2000 }).catch(() => undefined);
  await expect(success).toBeVisible();
  const session = await page.evaluate(() =>
    (
      window as unknown as {
        client: { session: { getSync(): { authentication_factors: { type: string }[] } | null } };
      }
    ).client.session.getSync(),
  );
  expect(session?.authentication_factors.map((f) => f.type)).toEqual(["webauthn_registration"]);
});
