import { apiErrorResponse, authData, okResponse } from "@dubbing/identity-client/testing";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWidget } from "../../test/render.tsx";

const weak = {
  valid_password: false,
  score: 1,
  breached_password: true,
  strength_policy: "zxcvbn",
  feedback: { warning: "This is a very common password.", suggestions: [] },
};
const strong = {
  ...weak,
  valid_password: true,
  score: 4,
  breached_password: false,
  feedback: { warning: "", suggestions: [] },
};
const luds = (missing_characters: number, missing_complexity: number) => ({
  valid_password: missing_characters + missing_complexity === 0,
  score: 0,
  breached_password: false,
  strength_policy: "luds",
  feedback: {
    warning: "",
    suggestions: [],
    luds_requirements: {
      has_lower_case: true,
      has_upper_case: false,
      has_digit: false,
      has_symbol: false,
      missing_characters,
      missing_complexity,
    },
  },
});

async function toPasswordScreen(w: ReturnType<typeof renderWidget>, email = "ada@example.com") {
  await w.user.type(screen.getByLabelText("Email"), email);
  await w.user.click(screen.getByRole("button", { name: "Continue with email" }));
}

describe("Password screens", () => {
  it("new user: blocked until the debounced server check says valid; zxcvbn meter with 4 segments and breach notice", async () => {
    const w = renderWidget({
      config: { products: ["passwords"] },
      routes: {
        "POST /users/search": () => okResponse({ userType: "new" }),
        "POST /passwords/strength_check": (req) =>
          okResponse(req.body?.password === "password" ? weak : strong),
        "POST /passwords": () => okResponse(authData()),
      },
    });
    await toPasswordScreen(w);
    await screen.findByRole("heading", { name: "Create an account" });
    const submit = screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement;
    await w.user.type(screen.getByLabelText("Password"), "password");
    await screen.findByText(
      "This password may have been used on a different site that experienced a security issue. Please choose another password.",
    );
    expect(screen.queryByText("This is a very common password.")).toBeNull(); // the breach notice says it
    const segments = document.querySelectorAll(".dbsw-meter__seg");
    expect(segments).toHaveLength(4);
    expect([...segments].filter((s) => s.getAttribute("data-filled") === "true")).toHaveLength(1);
    expect(submit.disabled).toBe(true);
    // Debounced: typing 8 more characters quickly sends one more check, not eight.
    const before = w.calls.filter((c) => c.path === "/passwords/strength_check").length;
    await w.user.type(screen.getByLabelText("Password"), "-Xy9!zq7");
    await waitFor(() => expect(submit.disabled).toBe(false));
    const after = w.calls.filter((c) => c.path === "/passwords/strength_check").length;
    expect(after - before).toBeLessThanOrEqual(2);
    expect(
      [...document.querySelectorAll(".dbsw-meter__seg")].every(
        (s) => s.getAttribute("data-filled") === "true",
      ),
    ).toBe(true);
    await w.user.click(submit);
    expect(
      await screen.findByRole("heading", { name: "Success! You have successfully logged in." }),
    ).toBeTruthy();
    expect(w.events.map((e) => e.type)).toContain("PASSWORD_CREATE");
  });

  it("LUDS policy: the checklist with the bootstrap's numbers", async () => {
    const w = renderWidget({
      config: { products: ["passwords"] },
      routes: {
        "GET /projects/bootstrap/public-token-test-0000": () =>
          okResponse({ password_config: { luds_complexity: 3, luds_minimum_count: 10 } }),
        "POST /users/search": () => okResponse({ userType: "new" }),
        "POST /passwords/strength_check": () => okResponse(luds(4, 2)),
      },
    });
    await toPasswordScreen(w);
    await w.user.type(await screen.findByLabelText("Password"), "abcdef");
    const length = await screen.findByText("Must be at least 10 characters long");
    expect(length.closest("li")?.getAttribute("data-met")).toBe("false");
    expect(
      screen.getByText("Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol"),
    ).toBeTruthy();
  });

  it("shows invalid_email from the strength check", async () => {
    const w = renderWidget({
      config: { products: ["passwords"] },
      routes: {
        "POST /users/search": () => okResponse({ userType: "new" }),
        "POST /passwords/strength_check": () =>
          apiErrorResponse(400, "invalid_email", "Email format is invalid."),
      },
    });
    await toPasswordScreen(w);
    await w.user.type(await screen.findByLabelText("Password"), "whatever");
    expect(await screen.findByText("Email format is invalid.")).toBeTruthy();
  });

  it("password flow email check says 'Invalid email address'", async () => {
    const w = renderWidget({
      config: { products: ["passwords"] },
      routes: { "POST /users/search": () => okResponse({ userType: "password" }) },
    });
    await toPasswordScreen(w);
    await screen.findByRole("heading", { name: "Log in" });
    await w.user.clear(screen.getByLabelText("Email"));
    await w.user.type(screen.getByLabelText("Email"), "nope");
    await w.user.type(screen.getByLabelText("Password"), "secret");
    await w.user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Invalid email address")).toBeTruthy();
  });

  it("existing user: reset_password sends a reset email and shows Dedupe", async () => {
    const w = renderWidget({
      config: { products: ["passwords"] },
      routes: {
        "POST /users/search": () => okResponse({ userType: "password" }),
        "POST /passwords/authenticate": () => apiErrorResponse(400, "reset_password", "Reset your password"),
        "POST /passwords/email/reset/start": () => okResponse(),
      },
    });
    await toPasswordScreen(w);
    await w.user.type(await screen.findByLabelText("Password"), "old secret");
    await w.user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      await screen.findByRole("heading", { name: "Check your email to set a new password!" }),
    ).toBeTruthy();
    expect(w.routesCalled()).toContain("POST /passwords/email/reset/start");
  });

  it("breached_password on login goes to Password Breached", async () => {
    const w = renderWidget({
      config: { products: ["passwords"] },
      routes: {
        "POST /users/search": () => okResponse({ userType: "password" }),
        "POST /passwords/authenticate": () => apiErrorResponse(400, "breached_password", "Breached"),
        "POST /passwords/email/reset/start": () => okResponse(),
      },
    });
    await toPasswordScreen(w);
    await w.user.type(await screen.findByLabelText("Password"), "hunter2");
    await w.user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      await screen.findByRole("heading", { name: "Check your email to set a new password" }),
    ).toBeTruthy();
  });

  it("'Forgot Password?' sends a reset email, shows Forgot, and 'Resend email' toasts 'Email resent'", async () => {
    const w = renderWidget({
      config: {
        products: ["passwords"],
        passwordOptions: { resetPasswordRedirectURL: "https://app.example.com/reset" },
      },
      routes: {
        "POST /users/search": () => okResponse({ userType: "password" }),
        "POST /passwords/email/reset/start": () => okResponse(),
      },
    });
    await toPasswordScreen(w);
    await w.user.click(await screen.findByRole("button", { name: "Forgot Password?" }));
    expect(await screen.findByRole("heading", { name: "Forgot password?" })).toBeTruthy();
    expect(w.calls.find((c) => c.path === "/passwords/email/reset/start")?.body).toMatchObject({
      email: "ada@example.com",
      reset_password_redirect_url: "https://app.example.com/reset",
    });
    await w.user.click(screen.getByRole("button", { name: "Resend email" }));
    expect(await screen.findByText("Email resent")).toBeTruthy();
  });

  it.each([
    [
      "an email OTP when email OTP is on",
      { products: ["passwords", "otp"], otpOptions: { methods: ["email"] } },
      "Enter passcode",
    ],
    [
      "a magic link when magic links are on",
      { products: ["passwords", "emailMagicLinks"] },
      "Check your email",
    ],
    ["a reset email otherwise", { products: ["passwords"] }, "Check your email!"],
  ] as const)("passwordless users automatically get %s", async (_, config, heading) => {
    const w = renderWidget({
      config: config as never,
      routes: {
        "POST /users/search": () => okResponse({ userType: "passwordless" }),
        "POST /otps/email/login_or_create": () => okResponse({ method_id: "email-1" }),
        "POST /magic_links/email/login_or_create": () => okResponse(),
        "POST /passwords/email/reset/start": () => okResponse(),
      },
    });
    await toPasswordScreen(w);
    expect(await screen.findByRole("heading", { name: heading })).toBeTruthy();
  });

  it("'Create a password instead' sends a reset email and goes to Set New", async () => {
    const w = renderWidget({
      config: { products: ["passwords", "emailMagicLinks"] },
      routes: {
        "POST /users/search": () => okResponse({ userType: "passwordless" }),
        "POST /magic_links/email/login_or_create": () => okResponse(),
        "POST /passwords/email/reset/start": () => okResponse(),
      },
    });
    await toPasswordScreen(w);
    await w.user.click(await screen.findByRole("button", { name: "Create a password instead" }));
    expect(await screen.findByRole("heading", { name: "Check your email!" })).toBeTruthy();
    expect(screen.getByText(/^A login link was sent to you at/)).toBeTruthy();
  });
});
