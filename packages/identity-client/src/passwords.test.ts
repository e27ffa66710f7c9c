// @vitest-environment node
import { describe, expect, it } from "vitest";
import { APIError } from "./errors.ts";
import { apiErrorResponse, authData, okResponse, testClient } from "./testing.ts";

describe("passwords", () => {
  it.each([
    ["create", "/passwords"],
    ["authenticate", "/passwords/authenticate"],
  ] as const)("%s posts email, password and session duration and logs in", async (method, path) => {
    const { client, calls } = testClient({ routes: { [`POST ${path}`]: () => okResponse(authData()) } });
    await client.passwords[method]({ email: "a@example.com", password: "pw", session_duration_minutes: 30 });
    expect(calls[0]!.path).toBe(path);
    expect(calls[0]!.body).toEqual({ email: "a@example.com", password: "pw", session_duration_minutes: 30 });
    expect(client.session.getSync()).not.toBeNull();
  });

  it("reports the reset_password error type for the widget's dedupe flow", async () => {
    const { client } = testClient({
      routes: {
        "POST /passwords/authenticate": () => apiErrorResponse(400, "reset_password", "Reset your password."),
      },
    });
    const err = (await client.passwords
      .authenticate({ email: "a@example.com", password: "pw", session_duration_minutes: 30 })
      .catch((e) => e)) as APIError;
    expect(err).toBeInstanceOf(APIError);
    expect(err.error_type).toBe("reset_password");
    expect(err.callMessage).toBe("Failed to authenticate password.");
  });

  it("reset by email: start sends redirect URLs, expiry, template and challenge; reset sends the verifier", async () => {
    const { client, calls, storage } = testClient({
      routes: {
        "GET /projects/bootstrap/public-token-test-0000": () =>
          okResponse({ pkce_required_for_password_resets: true }),
        "POST /passwords/email/reset/start": () => okResponse(),
        "POST /passwords/email/reset": () => okResponse(authData()),
      },
    });
    await client.passwords.resetByEmailStart({
      email: "a@example.com",
      login_redirect_url: "https://app.example.com/login",
      reset_password_redirect_url: "https://app.example.com/reset",
      reset_password_expiration_minutes: 30,
      reset_password_template_id: "tpl",
    });
    const key = "stytch_sdk_state_public-token-test-0000::PKCE_VERIFIER:passwords";
    const pair = JSON.parse(storage.getItem(key)!);
    expect(calls.find((c) => c.path === "/passwords/email/reset/start")!.body).toEqual({
      email: "a@example.com",
      login_redirect_url: "https://app.example.com/login",
      reset_password_redirect_url: "https://app.example.com/reset",
      reset_password_expiration_minutes: 30,
      reset_password_template_id: "tpl",
      code_challenge: pair.code_challenge,
    });
    await client.passwords.resetByEmail({
      token: "reset-token",
      password: "new-pw",
      session_duration_minutes: 30,
    });
    expect(calls.find((c) => c.path === "/passwords/email/reset")!.body).toEqual({
      token: "reset-token",
      password: "new-pw",
      session_duration_minutes: 30,
      code_verifier: pair.code_verifier,
    });
    expect(storage.getItem(key)).toBeNull();
    expect(client.session.getSync()).not.toBeNull();
  });

  it("reset with the existing password and by session", async () => {
    const { client, calls } = testClient({
      routes: {
        "POST /passwords/existing_password/reset": () => okResponse(authData()),
        "POST /passwords/session/reset": () => okResponse(authData()),
      },
    });
    await client.passwords.resetByExistingPassword({
      email: "a@example.com",
      existing_password: "old",
      new_password: "new",
      session_duration_minutes: 30,
    });
    await client.passwords.resetBySession({ password: "newer", session_duration_minutes: 30 });
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      [
        "/passwords/existing_password/reset",
        {
          email: "a@example.com",
          existing_password: "old",
          new_password: "new",
          session_duration_minutes: 30,
        },
      ],
      ["/passwords/session/reset", { password: "newer", session_duration_minutes: 30 }],
    ]);
  });

  it("strength check posts email and password and returns the server's verdict", async () => {
    const verdict = {
      valid_password: false,
      score: 1,
      breached_password: true,
      strength_policy: "luds",
      feedback: {
        warning: "",
        suggestions: [],
        luds_requirements: {
          has_lower_case: true,
          has_upper_case: false,
          has_digit: false,
          has_symbol: false,
          missing_complexity: 2,
          missing_characters: 4,
        },
      },
    };
    const { client, calls } = testClient({
      routes: { "POST /passwords/strength_check": () => okResponse(verdict) },
    });
    const resp = await client.passwords.strengthCheck({ email: "a@example.com", password: "abc" });
    expect(calls[0]!.body).toEqual({ email: "a@example.com", password: "abc" });
    expect(resp.feedback.luds_requirements!.missing_characters).toBe(4);
    expect(resp.breached_password).toBe(true);
  });

  it("checks email, password and the session duration (§5)", async () => {
    const { client, calls } = testClient();
    await expect(
      client.passwords.create({
        email: "a@example.com",
        password: 1 as unknown as string,
        session_duration_minutes: 30,
      }),
    ).rejects.toThrow("password must be a string.");
    await expect(
      client.passwords.authenticate({
        email: undefined as unknown as string,
        password: "p",
        session_duration_minutes: 30,
      }),
    ).rejects.toThrow("email must be a string.");
    await expect(
      client.passwords.authenticate({
        email: "a",
        password: "p",
        session_duration_minutes: "30" as unknown as number,
      }),
    ).rejects.toThrow("session_duration_minutes must be a number.");
    await expect(
      client.passwords.resetByEmailStart({ email: "a", reset_password_redirect_url: 5 as unknown as string }),
    ).rejects.toThrow("reset_password_redirect_url must be a string.");
    await expect(
      client.passwords.strengthCheck({ password: undefined as unknown as string }),
    ).rejects.toThrow("password must be a string.");
    expect(calls).toHaveLength(0);
  });
});
