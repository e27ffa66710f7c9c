import { authData, okResponse, testClient } from "@dubbing/identity-client/testing";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ResetPassword } from "./ResetPassword.tsx";

afterEach(() => history.replaceState(null, "", "/"));

const strong = {
  valid_password: true,
  score: 4,
  breached_password: false,
  strength_policy: "zxcvbn",
  feedback: { warning: "", suggestions: [] },
};

describe("ResetPassword", () => {
  it("reads the token from the query and resets the password", async () => {
    history.replaceState(null, "", "/reset?token=reset-token-1&stytch_token_type=reset_password");
    const t = testClient({
      routes: {
        "POST /passwords/strength_check": () => okResponse(strong),
        "POST /passwords/email/reset": () => okResponse(authData()),
      },
    });
    render(<ResetPassword client={t.client} />);
    expect(screen.getByRole("heading", { name: "Reset your password" })).toBeTruthy();
    await userEvent.type(screen.getByLabelText("New password"), "a very strong one 2026");
    const submit = screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement;
    await screen.findByText("Great job! This is a strong password.");
    await userEvent.click(submit);
    expect(
      await screen.findByRole("heading", { name: "Success! You have successfully logged in." }),
    ).toBeTruthy();
    expect(t.calls.find((c) => c.path === "/passwords/email/reset")?.body).toMatchObject({
      token: "reset-token-1",
      password: "a very strong one 2026",
      session_duration_minutes: 30,
    });
  });

  it("token type 'login' shows 'Logging in' with a spinner and authenticates directly", async () => {
    history.replaceState(null, "", "/reset?token=login-token-1&stytch_token_type=login");
    let release: () => void = () => {};
    const t = testClient({
      routes: {
        "POST /magic_links/authenticate": () =>
          new Promise((r) => {
            release = () => r(okResponse(authData()));
          }),
      },
    });
    render(<ResetPassword client={t.client} />);
    expect(screen.getByRole("heading", { name: "Logging in" })).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Logging in" })).toBeTruthy();
    await screen.findByRole("heading", { name: "Logging in" });
    await new Promise((r) => setTimeout(r, 10));
    release();
    expect(
      await screen.findByRole("heading", { name: "Success! You have successfully logged in." }),
    ).toBeTruthy();
    expect(t.calls.find((c) => c.path === "/magic_links/authenticate")?.body).toMatchObject({
      token: "login-token-1",
    });
  });

  it("says so when the link has no token", () => {
    const { client } = testClient();
    render(<ResetPassword client={client} />);
    expect(screen.getByText("The link is missing its token. Please request a new one.")).toBeTruthy();
  });
});
