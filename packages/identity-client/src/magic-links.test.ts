// @vitest-environment node
import { describe, expect, it } from "vitest";
import { challengeFor } from "./pkce.ts";
import { apiErrorResponse, authData, okResponse, testClient } from "./testing.ts";

const pkceOn = () => okResponse({ pkce_required_for_email_magic_links: true });

describe("magic links", () => {
  it("login_or_create sends email and options, without PKCE when the project does not require it", async () => {
    const { client, calls } = testClient({
      routes: { "POST /magic_links/email/login_or_create": () => okResponse({ user_id: "u1" }) },
    });
    const resp = await client.magicLinks.email.loginOrCreate("a@example.com", {
      login_magic_link_url: "https://api.example.com/api/stytch",
      signup_magic_link_url: "https://api.example.com/api/stytch",
      login_expiration_minutes: 30,
      signup_expiration_minutes: 30,
    });
    expect(resp.user_id).toBe("u1");
    const req = calls.find((c) => c.path === "/magic_links/email/login_or_create")!;
    expect(req.body).toEqual({
      email: "a@example.com",
      login_magic_link_url: "https://api.example.com/api/stytch",
      signup_magic_link_url: "https://api.example.com/api/stytch",
      login_expiration_minutes: 30,
      signup_expiration_minutes: 30,
    });
  });

  it("with PKCE: sends the challenge, stores the verifier, authenticates with it and clears it", async () => {
    const { client, calls, storage } = testClient({
      routes: {
        "GET /projects/bootstrap/public-token-test-0000": pkceOn,
        "POST /magic_links/email/login_or_create": () => okResponse(),
        "POST /magic_links/authenticate": () => okResponse(authData()),
      },
    });
    await client.magicLinks.email.loginOrCreate("a@example.com");
    const key = "stytch_sdk_state_public-token-test-0000::PKCE_VERIFIER:magic_links";
    const pair = JSON.parse(storage.getItem(key)!);
    const sent = calls.find((c) => c.path === "/magic_links/email/login_or_create")!.body!;
    expect(sent.code_challenge).toBe(pair.code_challenge);
    expect(await challengeFor(pair.code_verifier)).toBe(pair.code_challenge);

    const resp = await client.magicLinks.authenticate("ml-token", { session_duration_minutes: 60 });
    const auth = calls.find((c) => c.path === "/magic_links/authenticate")!.body!;
    expect(auth).toEqual({
      token: "ml-token",
      code_verifier: pair.code_verifier,
      session_duration_minutes: 60,
    });
    expect(storage.getItem(key)).toBeNull();
    expect(resp.session_token).toBe("session-token-1");
    expect(client.session.getSync()!.session_id).toBe("session-test-1");
    expect(client.user.getSync()!.user_id).toBe("user-test-1");
  });

  it("send goes to /primary when logged out and /secondary when a session exists", async () => {
    const { client, calls } = testClient({
      routes: {
        "POST /magic_links/email/send/primary": () => okResponse(),
        "POST /magic_links/email/send/secondary": () => okResponse(),
        "POST /magic_links/authenticate": () => okResponse(authData()),
      },
    });
    await client.magicLinks.email.send("a@example.com");
    await client.magicLinks.authenticate("t", { session_duration_minutes: 5 });
    await client.magicLinks.email.send("b@example.com");
    expect(calls.filter((c) => c.path.startsWith("/magic_links/email/send")).map((c) => c.path)).toEqual([
      "/magic_links/email/send/primary",
      "/magic_links/email/send/secondary",
    ]);
  });

  it("checks its inputs (§5)", async () => {
    const { client, calls } = testClient();
    await expect(
      client.magicLinks.authenticate(undefined as unknown as string, { session_duration_minutes: 5 }),
    ).rejects.toThrow("token must be a string.");
    await expect(
      client.magicLinks.authenticate("t", {} as { session_duration_minutes: number }),
    ).rejects.toThrow("session_duration_minutes must be a number.");
    await expect(
      client.magicLinks.email.loginOrCreate("a@example.com", {
        login_expiration_minutes: "30" as unknown as number,
      }),
    ).rejects.toThrow("login_expiration_minutes must be a number.");
    await expect(
      client.magicLinks.email.loginOrCreate("a@example.com", { login_template_id: 5 as unknown as string }),
    ).rejects.toThrow("login_template_id must be a string.");
    expect(calls).toHaveLength(0);
  });

  it("falls back from the passwords verifier to the magic-link one on a PKCE error", async () => {
    let n = 0;
    const { client, calls, storage } = testClient({
      routes: {
        "POST /magic_links/authenticate": () =>
          ++n === 1
            ? apiErrorResponse(400, "pkce_mismatch", "The pkce code_verifier does not match.")
            : okResponse(authData()),
      },
    });
    storage.setItem(
      "stytch_sdk_state_public-token-test-0000::PKCE_VERIFIER:passwords",
      JSON.stringify({ code_verifier: "pw-verifier", code_challenge: "c" }),
    );
    storage.setItem(
      "stytch_sdk_state_public-token-test-0000::PKCE_VERIFIER:magic_links",
      JSON.stringify({ code_verifier: "ml-verifier", code_challenge: "c" }),
    );
    await client.magicLinks.authenticate("t", { session_duration_minutes: 5 });
    expect(calls.map((c) => c.body!.code_verifier)).toEqual(["pw-verifier", "ml-verifier"]);
  });

  it("failed authenticate leaves the user logged out and carries the fallback message", async () => {
    const { client } = testClient({
      routes: { "POST /magic_links/authenticate": () => apiErrorResponse(401, "unable_to_auth_magic_link") },
    });
    const err = await client.magicLinks.authenticate("t", { session_duration_minutes: 5 }).catch((e) => e);
    expect(err.error_type).toBe("unable_to_auth_magic_link");
    expect(err.callMessage).toBe("Failed to authenticate token.");
    expect(client.session.getSync()).toBeNull();
  });
});
