// @vitest-environment node
import { describe, expect, it } from "vitest";
import { apiErrorResponse, authData, fakeUser, okResponse, testClient } from "./testing.ts";
import type { User } from "./types.ts";

describe("user", () => {
  it("get fetches /users/me and stores the user without the envelope fields", async () => {
    const { client, calls } = testClient({
      routes: { "GET /users/me": () => okResponse(fakeUser({ status: "active" })) },
    });
    const user = await client.user.get();
    expect(calls[0]!.method).toBe("GET");
    expect(user).toEqual(fakeUser({ status: "active" }));
    expect(client.user.getSync()).toEqual(user);
  });

  it("update puts untrusted_metadata and stores __user", async () => {
    const { client, calls } = testClient({
      routes: {
        "PUT /users/me": () => okResponse({ __user: fakeUser({ untrusted_metadata: { plan: "pro" } }) }),
      },
    });
    const resp = await client.user.update({ untrusted_metadata: { plan: "pro" } });
    expect(calls[0]!.body).toEqual({ untrusted_metadata: { plan: "pro" } });
    expect("__user" in resp).toBe(false);
    expect(client.user.getSync()!.untrusted_metadata).toEqual({ plan: "pro" });
    await expect(
      client.user.update({ untrusted_metadata: "x" as unknown as Record<string, unknown> }),
    ).rejects.toThrow("untrusted_metadata must be an object.");
  });

  it.each([
    ["deleteEmail", "/users/emails/id-1", "Failed to delete email."],
    ["deletePhoneNumber", "/users/phone_numbers/id-1", "Failed to delete phone number."],
    ["deleteTOTP", "/users/totps/id-1", "Failed to delete TOTP."],
    ["deleteOAuthRegistration", "/users/oauth/id-1", "Failed to delete OAuth registration."],
    [
      "deleteWebauthnRegistration",
      "/users/webauthn_registrations/id-1",
      "Failed to delete WebAuthn registration.",
    ],
    [
      "deleteBiometricRegistration",
      "/users/biometric_registrations/id-1",
      "Failed to delete Biometric registration.",
    ],
  ] as const)("%s sends DELETE %s", async (method, path, fallback) => {
    const { client, calls } = testClient({
      routes: {
        [`DELETE ${path}`]: [
          () => okResponse({ __user: fakeUser({ emails: [] }) }),
          () => apiErrorResponse(500, "x"),
        ],
      },
    });
    await client.user[method]("id-1");
    expect(calls[0]!.method).toBe("DELETE");
    expect(calls[0]!.path).toBe(path);
    expect(client.user.getSync()!.emails).toEqual([]);
    const err = await client.user[method]("id-1").catch((e) => e);
    expect(err.callMessage).toBe(fallback);
  });

  it("onChange fires on login and logout only", async () => {
    const { client } = testClient({
      routes: {
        "POST /otps/authenticate": () => okResponse(authData()),
        "POST /sessions/revoke": () => okResponse(),
      },
    });
    const seen: (User | null)[] = [];
    client.user.onChange((u) => seen.push(u));
    await client.otps.authenticate("123456", "m", { session_duration_minutes: 5 });
    await client.session.revoke();
    expect(seen.map((u) => u?.user_id ?? null)).toEqual(["user-test-1", null]);
  });

  it("search posts the email and returns userType", async () => {
    const { client, calls } = testClient({
      routes: { "POST /users/search": () => okResponse({ userType: "passwordless" }) },
    });
    const resp = await client.user.search("a@example.com");
    expect(calls[0]!.body).toEqual({ email: "a@example.com" });
    expect(resp.userType).toBe("passwordless");
  });

  it("searchMember posts email_address and organization_id", async () => {
    const { client, calls } = testClient({
      routes: { "POST /b2b/organizations/members/search": () => okResponse({ member: null }) },
    });
    await client.user.searchMember("a@example.com", "org-1");
    expect(calls[0]!.body).toEqual({ email_address: "a@example.com", organization_id: "org-1" });
  });
});
