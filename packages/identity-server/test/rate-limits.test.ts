// Rate limits that a stranger cannot turn against other people (issue: one client stopping every sign-in).
import { afterEach, describe, expect, it } from "vitest";
import { basic, type Harness, PROJECT, startHarness, tokenFrom } from "./harness.ts";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

async function fromIp(ip: string, url: string, body: unknown, backend = false) {
  const res = await h.app.inject({
    method: "POST",
    url,
    remoteAddress: ip,
    headers: {
      authorization: backend
        ? basic(PROJECT.projectId, PROJECT.secret)
        : basic(PROJECT.publicToken, PROJECT.publicToken),
      "content-type": "application/json",
    },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, json: res.json() };
}
const send = (ip: string, email: string) =>
  fromIp(ip, "/sdk/v1/magic_links/email/login_or_create", { email });

describe("rate limits", () => {
  it("does not count requests refused for their IP against the whole project", async () => {
    h = await startHarness({
      settings: {
        rateLimits: {
          send_per_ip: { limit: 3, windowSeconds: 900 },
          send_per_project: { limit: 10, windowSeconds: 3600 },
        },
      },
    });
    for (let i = 0; i < 20; i++) await send("198.51.100.1", `flood${i}@example.com`);
    expect((await send("198.51.100.1", "one-more@example.com")).status).toBe(429);
    expect((await send("203.0.113.9", "bystander@example.com")).status).toBe(200);
  });

  it("lets the owner of an address get a link while a stranger floods it", async () => {
    h = await startHarness();
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await send("198.51.100.2", "target@example.com")).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
    expect((await send("203.0.113.10", "target@example.com")).status).toBe(200);
  });

  it("keeps the app's callbacks on their own budget when the SDK's is used up", async () => {
    h = await startHarness({
      settings: { rateLimits: { auth_per_project: { limit: 5, windowSeconds: 3600 } } },
    });
    for (let i = 0; i < 6; i++) {
      await fromIp(`198.51.100.${10 + i}`, "/sdk/v1/magic_links/authenticate", { token: `bad-${i}` });
    }
    const sdkAgain = await fromIp("203.0.113.11", "/sdk/v1/magic_links/authenticate", { token: "bad" });
    expect(sdkAgain.status).toBe(429);

    await send("203.0.113.11", "member@example.com");
    const { token } = tokenFrom(h.mailer.last("member@example.com").text);
    const callback = await fromIp("203.0.113.11", "/v1/magic_links/authenticate", { token }, true);
    expect(callback.status).toBe(200);
  });
});
