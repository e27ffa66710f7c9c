import { apiErrorResponse, authData, okResponse } from "@dubbing/identity-client/testing";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { initialState } from "../state.ts";
import { renderWidget } from "../test/render.tsx";
import { formatCountdown } from "./OTPAuthenticate.tsx";

const otpState = (sentAt = Date.now()) =>
  initialState("otpAuthenticate", {
    otpState: { type: "email", methodId: "email-test-1", otpDestination: "ada@example.com", sentAt },
  });

describe("OTP Authenticate", () => {
  it("accepts digits only, at most 6, and submits automatically at 6", async () => {
    const w = renderWidget({
      state: otpState(),
      routes: { "POST /otps/authenticate": () => okResponse(authData()) },
    });
    expect(screen.getByRole("heading", { name: "Enter passcode" })).toBeTruthy();
    const input = screen.getByLabelText("One-time passcode") as HTMLInputElement;
    await w.user.type(input, "12a3-4");
    expect(input.value).toBe("1234");
    expect(w.routesCalled()).toEqual([]);
    await w.user.type(input, "567");
    await screen.findByRole("heading", { name: "Success" });
    expect(screen.getByText("Your passcode has been successfully verified.")).toBeTruthy();
    expect(w.calls.find((c) => c.path === "/otps/authenticate")?.body).toMatchObject({
      token: "123456",
      method_id: "email-test-1",
      session_duration_minutes: 30,
    });
    expect(w.events.map((e) => e.type)).toContain("OTP_AUTHENTICATE");
  });

  it("says 'Invalid passcode, please try again.' for a wrong code", async () => {
    const w = renderWidget({
      state: otpState(),
      routes: {
        "POST /otps/authenticate": () =>
          apiErrorResponse(404, "otp_code_not_found", "The passcode is incorrect"),
      },
    });
    await w.user.type(screen.getByLabelText("One-time passcode"), "000000");
    expect(await screen.findByText("Invalid passcode, please try again.")).toBeTruthy();
    expect(screen.getByLabelText("One-time passcode").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the countdown and resends with a 'Code resent' toast", async () => {
    const w = renderWidget({
      state: otpState(Date.now() - 61_000),
      routes: { "POST /otps/email/login_or_create": () => okResponse({ method_id: "email-test-2" }) },
    });
    expect(screen.getByText(/^Your passcode expires in 8:5\d\.$/)).toBeTruthy();
    await w.user.click(screen.getByRole("button", { name: "Resend code" }));
    expect(await screen.findByText("Code resent")).toBeTruthy();
    expect(screen.getByText("Your passcode expires in 10:00.")).toBeTruthy();
  });

  it("counts down every second", async () => {
    renderWidget({ state: otpState() });
    expect(screen.getByText("Your passcode expires in 10:00.")).toBeTruthy();
    expect(await screen.findByText("Your passcode expires in 9:59.", {}, { timeout: 2500 })).toBeTruthy();
  });

  it("says when the passcode has expired", () => {
    renderWidget({ state: otpState(Date.now() - 11 * 60_000) });
    expect(screen.getByText("Your passcode has expired. Please request a new one.")).toBeTruthy();
  });

  it("formats minutes:seconds", () => {
    expect(formatCountdown(600_000)).toBe("10:00");
    expect(formatCountdown(61_000)).toBe("1:01");
    expect(formatCountdown(500)).toBe("0:01");
    expect(formatCountdown(-5)).toBe("0:00");
  });

  it("the back arrow returns to Main", async () => {
    const w = renderWidget({ state: otpState() });
    await w.user.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(screen.getByText("Sign up or log in")).toBeTruthy());
  });
});
