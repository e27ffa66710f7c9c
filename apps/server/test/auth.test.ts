import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devMailbox } from "../src/db/schema.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";

describe.each(MODES)("signing in to the app (%s)", (mode) => {
  let ts: TestServer;
  let publicToken: string;
  /** The link binding cookie of the "browser" that asked for the last link. */
  let browser = "";
  const open = (link: URL) => fetch(link, { redirect: "manual", headers: { cookie: browser } });

  beforeAll(async () => {
    ts = await startTestServer(mode);
    publicToken = (await api(ts.baseUrl, null, "GET", "/api/config")).body.identity.publicToken;
  });
  afterAll(async () => {
    await ts?.close();
  });

  async function requestMagicLink(email: string) {
    const res = await fetch(`${ts.baseUrl}/sdk/v1/magic_links/email/login_or_create`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString("base64")}`,
      },
      body: JSON.stringify({
        email,
        login_magic_link_url: `${ts.baseUrl}/api/stytch`,
        signup_magic_link_url: `${ts.baseUrl}/api/stytch`,
        login_expiration_minutes: 30,
        signup_expiration_minutes: 30,
      }),
    });
    expect(res.status).toBe(200);
    browser = /dub_link=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";
    // the newest message in the dev mailbox is the one just asked for
    const [mail] = await ts.server.database.db
      .select()
      .from(devMailbox)
      .orderBy(desc(devMailbox.id))
      .limit(1);
    expect(mail!.to).toBe(email);
    const link = /https?:\/\/\S+\/api\/stytch\?\S+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    return new URL(link!);
  }

  it("publishes the identity provider's public token and SDK base URL", async () => {
    const config = await api(ts.baseUrl, null, "GET", "/api/config");
    expect(config.body.identity.publicToken).toMatch(/^public-token-/);
    expect(config.body.identity.sdkBaseUrl).toBe(ts.baseUrl);
  });

  it("signs a new user in by magic link from the dev mailbox, then logs out", async () => {
    const link = await requestMagicLink("newcomer@example.com");
    expect(link.searchParams.get("stytch_token_type")).toBe("magic_links");

    const callback = await open(link);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/projects");
    const setCookie = callback.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^dub_session=[\w-]{40,};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = setCookie.split(";")[0]!;

    const me = await api(ts.baseUrl, cookie, "GET", "/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.body.email).toBe("newcomer@example.com");
    expect((await api(ts.baseUrl, cookie, "GET", "/api/video")).status).toBe(200);

    // A magic link works once.
    const again = await open(link);
    expect(again.headers.get("location")).toMatch(/^\/login\?error=/);
    expect(again.headers.get("set-cookie")).toBeNull();

    const logout = await api(ts.baseUrl, cookie, "PUT", "/api/auth/logout");
    expect(logout.status).toBe(204);
    expect((await api(ts.baseUrl, cookie, "GET", "/api/auth/me")).status).toBe(401);
  });

  it("signs the same user in again to the same account", async () => {
    const first = await open(await requestMagicLink("Repeat@Example.com"));
    const second = await open(await requestMagicLink("repeat@example.com"));
    const idOf = async (res: Response) =>
      (await api(ts.baseUrl, res.headers.get("set-cookie")!.split(";")[0]!, "GET", "/api/auth/me")).body.id;
    expect(await idOf(first)).toBe(await idOf(second));
  });

  it("sends a bad or missing token back to the login page with a message", async () => {
    for (const query of ["?token=not-a-real-token&stytch_token_type=magic_links&b=mine", ""]) {
      const res = await fetch(`${ts.baseUrl}/api/stytch${query}`, {
        redirect: "manual",
        headers: { cookie: "dub_link=mine" },
      });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get("location")!, ts.baseUrl);
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("error")).toMatch(/\w/);
    }
  });

  it("shows sent emails on the dev mailbox page", async () => {
    await requestMagicLink("mailbox@example.com");
    const page = await fetch(`${ts.baseUrl}/dev/mailbox`);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain("mailbox@example.com");
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/api\/stytch\?b=[\w-]+&amp;token=/);
  });
});
