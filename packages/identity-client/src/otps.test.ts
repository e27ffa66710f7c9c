// @vitest-environment node
import { describe, expect, it } from "vitest";
import { authData, okResponse, testClient } from "./testing.ts";

describe("one-time passcodes", () => {
  it.each(["sms", "whatsapp"] as const)(
    "%s login_or_create sends phone_number and expiration_minutes",
    async (ch) => {
      const { client, calls } = testClient({
        routes: { [`POST /otps/${ch}/login_or_create`]: () => okResponse({ method_id: `phone-${ch}` }) },
      });
      const resp = await client.otps[ch].loginOrCreate("+15555550123", { expiration_minutes: 5 });
      expect(resp.method_id).toBe(`phone-${ch}`);
      expect(calls[0]!.body).toEqual({ phone_number: "+15555550123", expiration_minutes: 5 });
    },
  );

  it("email login_or_create sends email, expiration and template ids and returns method_id", async () => {
    const { client, calls } = testClient({
      routes: { "POST /otps/email/login_or_create": () => okResponse({ method_id: "email-1" }) },
    });
    const resp = await client.otps.email.loginOrCreate("a@example.com", {
      expiration_minutes: 10,
      login_template_id: "login-t",
      signup_template_id: "signup-t",
    });
    expect(resp.method_id).toBe("email-1");
    expect(calls[0]!.body).toEqual({
      email: "a@example.com",
      expiration_minutes: 10,
      login_template_id: "login-t",
      signup_template_id: "signup-t",
    });
  });

  it("send uses /primary when logged out and /secondary when logged in", async () => {
    const { client, calls } = testClient({
      routes: {
        "POST /otps/sms/send/primary": () => okResponse({ method_id: "m" }),
        "POST /otps/whatsapp/send/secondary": () => okResponse({ method_id: "m" }),
        "POST /otps/email/send/secondary": () => okResponse({ method_id: "m" }),
        "POST /otps/authenticate": () => okResponse(authData()),
      },
    });
    await client.otps.sms.send("+15555550123");
    await client.otps.authenticate("123456", "m", { session_duration_minutes: 30 });
    await client.otps.whatsapp.send("+15555550123");
    await client.otps.email.send("a@example.com");
    expect(calls.map((c) => c.path)).toEqual([
      "/otps/sms/send/primary",
      "/otps/authenticate",
      "/otps/whatsapp/send/secondary",
      "/otps/email/send/secondary",
    ]);
  });

  it("authenticate sends token, method_id and session_duration_minutes and logs in", async () => {
    const { client, calls } = testClient({
      routes: { "POST /otps/authenticate": () => okResponse(authData()) },
    });
    await client.otps.authenticate("123456", "phone-1", { session_duration_minutes: 30 });
    expect(calls[0]!.body).toEqual({ token: "123456", method_id: "phone-1", session_duration_minutes: 30 });
    expect(client.session.getSync()).not.toBeNull();
  });

  it("checks the code, the method id and the session duration (§5)", async () => {
    const { client } = testClient();
    await expect(
      client.otps.authenticate(123456 as unknown as string, "m", { session_duration_minutes: 5 }),
    ).rejects.toThrow("code must be a string.");
    await expect(
      client.otps.authenticate("1", "m", {} as { session_duration_minutes: number }),
    ).rejects.toThrow("session_duration_minutes must be a number.");
    await expect(
      client.otps.sms.loginOrCreate("+1", { expiration_minutes: "5" as unknown as number }),
    ).rejects.toThrow("expiration_minutes must be a number.");
    await expect(
      client.otps.email.loginOrCreate("a@example.com", { login_template_id: 1 as unknown as string }),
    ).rejects.toThrow("login_template_id must be a string.");
  });
});
