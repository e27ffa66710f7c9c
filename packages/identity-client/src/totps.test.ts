// @vitest-environment node
import { describe, expect, it } from "vitest";
import { authData, fakeUser, okResponse, testClient } from "./testing.ts";

describe("TOTP", () => {
  it("create posts expiration_minutes and stores the updated user", async () => {
    const updated = fakeUser({ totps: [{ totp_id: "totp-1", verified: false }] });
    const { client, calls } = testClient({
      routes: {
        "POST /passwords/authenticate": () => okResponse(authData()),
        "POST /totps": () =>
          okResponse({
            totp_id: "totp-1",
            secret: "S",
            qr_code: "data:",
            recovery_codes: ["a"],
            __user: updated,
          }),
      },
    });
    await client.passwords.authenticate({
      email: "a@example.com",
      password: "pw",
      session_duration_minutes: 5,
    });
    const resp = await client.totps.create({ expiration_minutes: 10 });
    expect(calls[1]!.body).toEqual({ expiration_minutes: 10 });
    expect(resp.totp_id).toBe("totp-1");
    expect("__user" in resp).toBe(false);
    expect(client.user.getSync()!.totps).toEqual([{ totp_id: "totp-1", verified: false }]);
  });

  it("authenticate, recovery codes and recover", async () => {
    const { client, calls } = testClient({
      routes: {
        "POST /totps/authenticate": () => okResponse(authData()),
        "POST /totps/recovery_codes": () => okResponse({ user_id: "u", totps: [] }),
        "POST /totps/recover": () => okResponse(authData()),
      },
    });
    await client.totps.authenticate({ totp_code: "123456", session_duration_minutes: 30 });
    await client.totps.recoveryCodes();
    await client.totps.recover({ recovery_code: "abcd-efgh", session_duration_minutes: 30 });
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ["/totps/authenticate", { totp_code: "123456", session_duration_minutes: 30 }],
      ["/totps/recovery_codes", undefined],
      ["/totps/recover", { recovery_code: "abcd-efgh", session_duration_minutes: 30 }],
    ]);
    expect(client.session.getSync()).not.toBeNull();
  });

  it("checks the TOTP code, the recovery code and the session duration (§5)", async () => {
    const { client } = testClient();
    await expect(
      client.totps.authenticate({ totp_code: 123456 as unknown as string, session_duration_minutes: 30 }),
    ).rejects.toThrow("totp_code must be a string.");
    await expect(
      client.totps.recover({ recovery_code: "x", session_duration_minutes: undefined as unknown as number }),
    ).rejects.toThrow("session_duration_minutes must be a number.");
    await expect(
      client.totps.recover({ recovery_code: null as unknown as string, session_duration_minutes: 5 }),
    ).rejects.toThrow("recovery_code must be a string.");
    await expect(client.totps.create({ expiration_minutes: "5" as unknown as number })).rejects.toThrow(
      "expiration_minutes must be a number.",
    );
  });
});
