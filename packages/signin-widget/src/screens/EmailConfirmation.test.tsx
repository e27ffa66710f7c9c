import { okResponse } from "@dubbing/identity-client/testing";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { initialState } from "../state.ts";
import { renderWidget } from "../test/render.tsx";

describe("Email Confirmation", () => {
  it("shows the address and inbox links; 'Try again' clears the email, logs the event and returns to Main", async () => {
    const w = renderWidget({
      state: initialState("emailConfirmation", { magicLinkState: { email: "ada@gmail.com" } }),
      routes: { "POST /events": () => okResponse() },
    });
    expect(screen.getByRole("heading", { name: "Check your email" })).toBeTruthy();
    expect(screen.getByText("An email was sent to")).toBeTruthy();
    expect(screen.getByText("ada@gmail.com")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open Gmail" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Open Yahoo" })).toBeNull();
    await w.user.click(screen.getByRole("button", { name: "Try again" }));
    expect(screen.getByRole("heading", { name: "Sign up or log in" })).toBeTruthy();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("");
    await waitFor(
      () => expect(JSON.stringify(w.allCalls.map((c) => c.body))).toContain("email_try_again_clicked"),
      {
        timeout: 3000,
      },
    );
  });

  it("focuses the new screen's heading after navigation", async () => {
    const w = renderWidget({ routes: { "POST /magic_links/email/login_or_create": () => okResponse() } });
    await w.user.type(screen.getByLabelText("Email"), "ada@example.com{Enter}");
    const heading = await screen.findByRole("heading", { name: "Check your email" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
