import { otpMethods, Products, productsOf, type SignInConfig } from "./config.ts";
import { ERRORS } from "./messages.ts";

/** Product-combination errors (shown instead of the login methods). */
export function configError(config: SignInConfig): string | null {
  const products = productsOf(config);
  if (products.includes(Products.emailMagicLinks) && otpMethods(config).includes("email")) {
    return ERRORS.emlAndEmailOtp;
  }
  if (products.length === 1 && products[0] === Products.passkeys) return ERRORS.passkeysAlone;
  return null;
}

/** What the email field does: look the user up for passwords, else send a magic link, else an email OTP. */
export type EmailAction = "password" | "magicLink" | "emailOtp";

export type InputTab = { id: "email"; action: EmailAction } | { id: "sms" } | { id: "whatsapp" };

/**
 * The input tabs of Main. With passwords on, the email tab is the password flow: the magic-link tab and the
 * email-OTP tab are hidden (passwordless users still get one of them automatically).
 */
export function inputTabs(config: SignInConfig): InputTab[] {
  const products = productsOf(config);
  const methods = otpMethods(config);
  const tabs: InputTab[] = [];
  if (products.includes(Products.passwords)) tabs.push({ id: "email", action: "password" });
  else if (products.includes(Products.emailMagicLinks)) tabs.push({ id: "email", action: "magicLink" });
  else if (methods.includes("email")) tabs.push({ id: "email", action: "emailOtp" });
  for (const m of methods) if (m === "sms" || m === "whatsapp") tabs.push({ id: m });
  return tabs;
}

/** The groups of Main, in the order of the products, separated by 'or' dividers. */
export type MainGroup = "oauth" | "inputs" | "crypto" | "passkeys";

export function mainGroups(config: SignInConfig): MainGroup[] {
  const groups: MainGroup[] = [];
  const add = (g: MainGroup) => {
    if (!groups.includes(g)) groups.push(g);
  };
  for (const p of productsOf(config)) {
    if (p === Products.oauth && (config.oauthOptions?.providers.length ?? 0) > 0) add("oauth");
    else if (p === Products.crypto) add("crypto");
    else if (p === Products.passkeys) add("passkeys");
    else if (p !== Products.oauth && inputTabs(config).length > 0) add("inputs");
  }
  return groups;
}
