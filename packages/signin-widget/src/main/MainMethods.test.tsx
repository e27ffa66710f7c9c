import { OAUTH_PROVIDERS } from "@dubbing/identity-client";
import { okResponse } from "@dubbing/identity-client/testing";
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWidget } from "../test/render.tsx";

describe("Main: phone, tabs, OAuth, combinations, theme bits", () => {
  it("offers Email / Text / WhatsApp tabs and moves between them with the arrow keys", async () => {
    const w = renderWidget({
      config: { products: ["emailMagicLinks", "otp"], otpOptions: { methods: ["sms", "whatsapp"] } },
    });
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Email", "Text", "WhatsApp"]);
    tabs[0]?.focus();
    await w.user.keyboard("{ArrowRight}");
    expect(document.activeElement?.textContent).toBe("Text");
    expect(screen.getByRole("button", { name: "Continue with text message" })).toBeTruthy();
    await w.user.keyboard("{ArrowRight}");
    expect(screen.getByRole("button", { name: "Continue with WhatsApp" })).toBeTruthy();
  });

  it("phone: placeholder, national format, invalid message, then sends the E.164 number", async () => {
    const w = renderWidget({
      config: { products: ["otp"], otpOptions: { methods: ["sms"], expirationMinutes: 5 } },
      routes: { "POST /otps/sms/login_or_create": () => okResponse({ method_id: "phone-number-1" }) },
    });
    const input = screen.getByLabelText("Phone number") as HTMLInputElement;
    expect(input.placeholder).toBe("(123) 456-7890");
    expect(input.required).toBe(true);
    expect((screen.getByLabelText("Country code") as HTMLSelectElement).value).toBe("US");
    await w.user.type(input, "123");
    await w.user.click(screen.getByRole("button", { name: "Continue with text message" }));
    expect(screen.getByText("Invalid phone number, please try again.")).toBeTruthy();
    await w.user.clear(input);
    await w.user.type(input, "4155552671");
    expect(input.value).toBe("(415) 555-2671");
    await w.user.click(screen.getByRole("button", { name: "Continue with text message" }));
    await screen.findByRole("heading", { name: "Enter passcode" });
    expect(screen.getByText("A 6-digit passcode was sent to you at (415) 555-2671.")).toBeTruthy();
    expect(w.calls.find((c) => c.path === "/otps/sms/login_or_create")?.body).toEqual({
      phone_number: "+14155552671",
      expiration_minutes: 5,
    });
  });

  it("disables the submit button while submitting", async () => {
    let release: () => void = () => {};
    const w = renderWidget({
      routes: {
        "POST /magic_links/email/login_or_create": () =>
          new Promise((r) => {
            release = () => r(okResponse());
          }),
      },
    });
    await w.user.type(screen.getByLabelText("Email"), "ada@example.com");
    const button = screen.getByRole("button", { name: "Continue with email" }) as HTMLButtonElement;
    await w.user.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    await act(async () => release());
    await screen.findByRole("heading", { name: "Check your email" });
  });

  it("renders 'Continue with {provider}' for all 19 providers and starts OAuth with the redirect URLs", async () => {
    const w = renderWidget({
      config: {
        products: ["oauth"],
        oauthOptions: {
          providers: [...OAUTH_PROVIDERS],
          loginRedirectURL: "https://app.example.com/api/stytch/google",
          signupRedirectURL: "https://app.example.com/api/stytch/google",
        },
      },
    });
    for (const n of [
      "Google",
      "Microsoft",
      "Apple",
      "GitHub",
      "GitLab",
      "Facebook",
      "Discord",
      "Salesforce",
      "Slack",
      "Amazon",
      "Bitbucket",
      "LinkedIn",
      "Coinbase",
      "Twitch",
      "Twitter",
      "TikTok",
      "Snapchat",
      "Figma",
      "Yahoo",
    ]) {
      expect(screen.getByRole("button", { name: `Continue with ${n}` })).toBeTruthy();
    }
    await w.user.click(screen.getByRole("button", { name: "Continue with Google" }));
    await waitFor(() => expect(w.navigations).toHaveLength(1));
    const url = new URL(w.navigations[0] as string);
    expect(url.pathname).toBe("/v1/public/oauth/google/start");
    expect(url.searchParams.get("login_redirect_url")).toBe("https://app.example.com/api/stytch/google");
    expect(url.searchParams.get("signup_redirect_url")).toBe("https://app.example.com/api/stytch/google");
  });

  it("separates method groups with 'or' dividers", () => {
    renderWidget({
      config: { products: ["oauth", "emailMagicLinks", "passkeys"], oauthOptions: { providers: ["google"] } },
    });
    expect(screen.getAllByText("or")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Continue with Passkey" })).toBeTruthy();
  });

  it.each([
    [
      { products: ["emailMagicLinks", "otp"], otpOptions: { methods: ["email"] } },
      "Error: Cannot use both EML and Email OTP",
    ],
    [
      { products: ["passkeys"] },
      "Error: Cannot use Passkeys by itself, please add another product to the config.",
    ],
  ] as const)("shows the combination error %#", (config, message) => {
    renderWidget({ config: config as never });
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByLabelText("Email")).toBeNull();
  });

  it("shows the logo, can hide the header, and shows the watermark when the bootstrap says so", async () => {
    renderWidget({
      config: { theme: { hideHeaderText: true, logo: { logoImageUrl: "https://cdn.example.com/logo.png" } } },
      routes: {
        "GET /projects/bootstrap/public-token-test-0000": () => okResponse({ disable_sdk_watermark: false }),
      },
    });
    expect(screen.queryByText("Sign up or log in")).toBeNull();
    expect(document.querySelector("img.dbsw-logo")?.getAttribute("src")).toBe(
      "https://cdn.example.com/logo.png",
    );
    expect((await screen.findByTestId("watermark")).textContent).toContain("Powered by");
  });

  it("has no watermark when the bootstrap disables it", async () => {
    const w = renderWidget({
      routes: {
        "GET /projects/bootstrap/public-token-test-0000": () => okResponse({ disable_sdk_watermark: true }),
      },
    });
    await waitFor(() => expect(w.allCalls.some((c) => c.path.startsWith("/projects/bootstrap"))).toBe(true));
    expect(screen.queryByTestId("watermark")).toBeNull();
  });

  it("logs render_login_screen through the client's telemetry", async () => {
    const w = renderWidget({ routes: { "POST /events": () => okResponse() } });
    await waitFor(() => expect(w.allCalls.some((c) => c.path === "/events")).toBe(true), { timeout: 3000 });
    const body = JSON.stringify(w.allCalls.find((c) => c.path === "/events")?.body);
    expect(body).toContain("render_login_screen");
  });

  it("falls back from One Tap to the Google button with the §8 message", async () => {
    const w = renderWidget({
      config: { products: ["oauth"], oauthOptions: { providers: [{ type: "google", one_tap: true }] } },
    });
    expect(await screen.findByRole("button", { name: "Continue with Google" })).toBeTruthy();
    expect(
      screen.getByText("One Tap could not load: No Google client is configured for this project."),
    ).toBeTruthy();
    expect(w.errors).toHaveLength(1);
  });
});
