import { expect, test } from "@playwright/test";
import { codeIn, mountWidget, snap, uniqueEmail, waitForMail } from "./helpers.ts";

test("email OTP: a wrong code is refused, then the right one signs in", async ({ page }) => {
  const email = uniqueEmail("otp");
  await mountWidget(page, { products: ["otp"], otpOptions: { methods: ["email"], expirationMinutes: 5 } });
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with email" }).click();
  await expect(page.getByRole("heading", { name: "Enter passcode" })).toBeVisible();
  await expect(page.getByText(/Your passcode expires in [45]:\d\d\./)).toBeVisible();
  const code = codeIn((await waitForMail(page, email)).text);
  const wrong = code === "000000" ? "111111" : "000000";
  const input = page.getByLabel("One-time passcode");
  await input.pressSequentially(`${wrong}9`); // the 7th digit is refused; the 6th submitted
  await expect(input).toHaveValue(wrong);
  await expect(page.getByText("Invalid passcode, please try again.")).toBeVisible();
  await snap(page, "otp-wrong-code");
  await input.fill("");
  await input.fill(code);
  await expect(page.getByRole("heading", { name: "Success" })).toBeVisible();
  await expect(page.getByText("Your passcode has been successfully verified.")).toBeVisible();
  await snap(page, "otp-confirmation");
});
