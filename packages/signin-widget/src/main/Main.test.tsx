import { apiErrorResponse, okResponse } from "@dubbing/identity-client/testing";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWidget } from "../test/render.tsx";

describe("Main", () => {
  it("shows the header and, by default, the email magic link form", () => {
    renderWidget();
    expect(screen.getByRole("heading", { level: 1, name: "Sign up or log in" })).toBeTruthy();
    expect(screen.getByLabelText("Email")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Continue with email" })).toBeTruthy();
  });

  it("rejects an invalid email with the Main message, announced as an alert", async () => {
    const w = renderWidget();
    await w.user.type(screen.getByLabelText("Email"), "not-an-email");
    await w.user.click(screen.getByRole("button", { name: "Continue with email" }));
    expect(screen.getByRole("alert").textContent).toBe("Invalid email, please try again.");
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(w.routesCalled()).toEqual([]);
  });

  it("sends a magic link with 30-minute expiries and the redirect URLs, then shows Check your email", async () => {
    const w = renderWidget({
      config: {
        products: ["emailMagicLinks"],
        emailMagicLinksOptions: {
          loginRedirectURL: "https://app.example.com/api/stytch",
          signupRedirectURL: "https://app.example.com/api/stytch",
        },
      },
      routes: {
        "POST /magic_links/email/login_or_create": () => okResponse({ user_id: "u1" }),
        "POST /events": () => okResponse(),
      },
    });
    await w.user.type(screen.getByLabelText("Email"), "ada@example.com");
    await w.user.click(screen.getByRole("button", { name: "Continue with email" }));
    await screen.findByRole("heading", { name: "Check your email" });
    expect(screen.getByText("An email was sent to")).toBeTruthy();
    expect(screen.getByText("ada@example.com")).toBeTruthy();
    const call = w.calls.find((c) => c.path === "/magic_links/email/login_or_create");
    expect(call?.body).toMatchObject({
      email: "ada@example.com",
      login_magic_link_url: "https://app.example.com/api/stytch",
      signup_magic_link_url: "https://app.example.com/api/stytch",
      login_expiration_minutes: 30,
      signup_expiration_minutes: 30,
    });
    expect(w.events.map((e) => e.type)).toContain("MAGIC_LINK_LOGIN_OR_CREATE");
    await waitFor(
      () => expect(JSON.stringify(w.allCalls.map((c) => c.body))).toContain('"event_name":"email_sent"'),
      {
        timeout: 3000,
      },
    );
  });

  it("shows the provider's error_message under the field and passes the error to onError", async () => {
    const w = renderWidget({
      routes: {
        "POST /magic_links/email/login_or_create": () =>
          apiErrorResponse(
            429,
            "too_many_requests",
            "Too many requests, see https://docs.example.com/limits",
          ),
      },
    });
    await w.user.type(screen.getByLabelText("Email"), "ada@example.com");
    await w.user.click(screen.getByRole("button", { name: "Continue with email" }));
    const alert = await waitFor(() => {
      const a = screen.getAllByRole("alert").find((el) => el.textContent);
      if (!a) throw new Error("no alert yet");
      return a;
    });
    expect(alert.textContent).toBe("Too many requests, see https://docs.example.com/limits");
    expect(alert.querySelector("a")?.getAttribute("href")).toBe("https://docs.example.com/limits");
    expect(w.errors).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Continue with email" })).toHaveProperty("disabled", false);
  });
});
