// The operators' backend API: search, update and delete users, see and end sessions, delete a factor —
// Stytch's /v1 shapes, with the project secret.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backend, basic, type Harness, PROJECT, sdk, signIn, startHarness } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const search = (body: unknown) => backend(h, "POST", "/users/search", body);

describe("operators' backend API", () => {
  it("needs the project secret: the public token or a wrong secret is 401", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/v1/users/search",
      headers: {
        authorization: basic(PROJECT.projectId, PROJECT.publicToken),
        "content-type": "application/json",
      },
      payload: "{}",
    });
    expect(res.statusCode).toBe(401);
  });

  it("searches users by email, status and creation time, in pages", async () => {
    const ana = await signIn(h, "ana@example.com");
    await signIn(h, "bob@example.com");
    await signIn(h, "cy@example.com");
    const byEmail = await search({
      query: {
        operator: "AND",
        operands: [{ filter_name: "email_address", filter_value: ["ANA@example.com"] }],
      },
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.json.results.map((u: { user_id: string }) => u.user_id)).toEqual([ana.user_id]);
    expect(byEmail.json.results_metadata).toEqual({ total: 1, next_cursor: null });

    const first = await search({
      limit: 2,
      query: { operands: [{ filter_name: "status", filter_value: "active" }] },
    });
    expect(first.json.results).toHaveLength(2);
    expect(first.json.results_metadata.total).toBe(3);
    const second = await search({
      limit: 2,
      cursor: first.json.results_metadata.next_cursor,
      query: { operands: [{ filter_name: "status", filter_value: "active" }] },
    });
    expect(second.json.results).toHaveLength(1);
    expect(second.json.results_metadata.next_cursor).toBeNull();
    const emails = [...first.json.results, ...second.json.results].map(
      (u: { emails: { email: string }[] }) => u.emails[0]!.email,
    );
    expect(emails.sort()).toEqual(["ana@example.com", "bob@example.com", "cy@example.com"]);

    const future = new Date(Date.now() + 3600_000).toISOString();
    const none = await search({
      query: { operands: [{ filter_name: "created_at_greater_than", filter_value: future }] },
    });
    expect(none.json.results).toEqual([]);
    expect((await search({ cursor: "not-a-cursor" })).status).toBe(400);
    expect(
      (await search({ query: { operands: [{ filter_name: "favourite_color", filter_value: "red" }] } }))
        .status,
    ).toBe(400);
  });

  it("corrects a user's name and metadata", async () => {
    const me = await signIn(h, "dee@example.com");
    const res = await backend(h, "PUT", `/users/${me.user_id}`, {
      name: { first_name: "Dee", last_name: "Lee" },
      trusted_metadata: { plan: "pro" },
    });
    expect(res.status).toBe(200);
    expect(res.json.user.name).toMatchObject({ first_name: "Dee", last_name: "Lee" });
    expect(res.json.user.trusted_metadata).toEqual({ plan: "pro" });
    expect((await backend(h, "PUT", "/users/user-test-nobody", { name: { first_name: "x" } })).status).toBe(
      404,
    );
  });

  it("lists a user's sessions and revokes one", async () => {
    const one = await signIn(h, "eve@example.com");
    const two = await signIn(h, "eve@example.com");
    const listed = await backend(h, "GET", `/sessions?user_id=${one.user_id}`);
    expect(listed.status).toBe(200);
    expect(listed.json.sessions.map((s: { session_id: string }) => s.session_id).sort()).toEqual(
      [one.session.session_id, two.session.session_id].sort(),
    );
    expect(
      (await backend(h, "POST", "/sessions/revoke", { session_id: one.session.session_id })).status,
    ).toBe(200);
    const after = await backend(h, "GET", `/sessions?user_id=${one.user_id}`);
    expect(after.json.sessions.map((s: { session_id: string }) => s.session_id)).toEqual([
      two.session.session_id,
    ]);
    expect((await sdk(h, "POST", "/sessions/authenticate", {}, one.session_token)).status).toBe(404);
  });

  it("deletes one factor (and the user's sessions with it), and a user with everything", async () => {
    const fay = await signIn(h, "fay@example.com");
    const user = (await backend(h, "GET", `/users/${fay.user_id}`)).json;
    const emailId = user.emails[0].email_id;
    const deleted = await backend(h, "DELETE", `/users/emails/${emailId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.user.emails).toEqual([]);
    expect((await sdk(h, "POST", "/sessions/authenticate", {}, fay.session_token)).status).toBe(404);
    expect((await backend(h, "DELETE", `/users/emails/${emailId}`)).status).toBe(404);

    const gus = await signIn(h, "gus@example.com");
    expect((await backend(h, "DELETE", `/users/${gus.user_id}`)).status).toBe(200);
    // a deleted user's sessions fail at once
    expect((await sdk(h, "POST", "/sessions/authenticate", {}, gus.session_token)).status).toBe(404);
    expect((await backend(h, "GET", `/users/${gus.user_id}`)).status).toBe(404);
    expect((await backend(h, "DELETE", `/users/${gus.user_id}`)).status).toBe(404);
  });

  it("asks the application first, and deletes nothing when it cannot close the user's account", async () => {
    const asked: string[] = [];
    let refuse = true;
    const withApp = await startHarness({
      onUserDelete: async (userId) => {
        asked.push(userId);
        if (refuse) throw new Error("the subscription could not be cancelled");
      },
    });
    try {
      const ida = await signIn(withApp, "ida@example.com");
      const blocked = await backend(withApp, "DELETE", `/users/${ida.user_id}`);
      expect(blocked.status).toBe(503);
      expect(blocked.json.error_type).toBe("user_deletion_blocked");
      expect((await sdk(withApp, "POST", "/sessions/authenticate", {}, ida.session_token)).status).toBe(200);
      refuse = false;
      expect((await backend(withApp, "DELETE", `/users/${ida.user_id}`)).status).toBe(200);
      expect(asked).toEqual([ida.user_id, ida.user_id]);
      expect((await backend(withApp, "GET", `/users/${ida.user_id}`)).status).toBe(404);
      expect((await backend(withApp, "DELETE", "/users/user-test-unknown")).status).toBe(404);
      expect(asked).toHaveLength(2); // not asked about a user that does not exist
    } finally {
      await withApp.close();
    }
  });
});
