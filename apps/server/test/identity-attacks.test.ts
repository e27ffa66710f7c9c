// Attacks against sign-in, as a stranger with the public token and a script would try them. Each test
// failed before its defence existed; docs/IDENTITY.md ("Threat model") names the test for each attack.
import { randomUUID } from "node:crypto";
import { BUILT_IN_PLANS } from "@dubbing/contract";
import { identitySchema } from "@dubbing/identity-server";
import { SoftwareAuthenticator } from "@dubbing/identity-server/testing/software-authenticator";
import { eq } from "drizzle-orm";
import { TOTP } from "otpauth";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, usageCarryover, users } from "../src/db/schema.ts";
import { takeQuota } from "../src/usage/quotas.ts";
import { UsageRepository } from "../src/usage/repository.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";
import {
  confirmLink,
  lastLinkTo,
  openLink,
  postFrom,
  publicToken,
  requestLink,
  requestLinkFrom,
  sdk,
  signInByLink,
} from "./identity.ts";

const PASSWORD = "correct-horse-battery-staple-42!";
const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

describe.each(MODES)("account takeover attempts (%s)", (mode) => {
  /** Every product on, as a project that offers passwords would run. */
  let ts: TestServer;
  /** The defaults: what `make start` serves. */
  let plain: TestServer;
  /** Links, passwords and wallets, as a project might offer them. */
  let wallets: TestServer;

  beforeAll(async () => {
    [ts, plain, wallets] = await Promise.all([
      startTestServer(mode, {
        IDENTITY_PRODUCTS: "magic_links,otps,passwords,oauth,totps,webauthn,crypto_wallets",
      }),
      startTestServer(mode),
      startTestServer(mode, { IDENTITY_PRODUCTS: "magic_links,passwords,crypto_wallets" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([ts?.close(), plain?.close(), wallets?.close()]);
  });

  it("1. serves only the products the login page offers, and no account search", async () => {
    for (const [url, body] of [
      ["/passwords", { email: address("victim"), password: PASSWORD }],
      ["/users/search", { email: address("someone") }],
      ["/otps/email/login_or_create", { email: address("someone") }],
    ] as const) {
      const res = await sdk(plain, url, body);
      expect(res.status).toBe(403);
      expect(res.body.error_type).toBe("endpoint_not_authorized_for_sdk");
    }
    expect((await requestLink(plain, address("someone"))).status).toBe(200);
  });

  const me = async (cookie: string | null) => (await api(ts.baseUrl, cookie, "GET", "/api/auth/me")).body;

  it("1. a password user made for someone else's address cannot be turned into their account", async () => {
    const victim = address("victim");
    const squatter = address("squatter");
    const created = await sdk(ts, "/passwords", { email: victim, password: PASSWORD });
    expect(created.status).toBe(200);
    const squatterSession = created.body.data.session_token as string;

    // The squatter cannot attach an address of their own while the victim's is unproven...
    const secondary = await sdk(
      ts,
      "/magic_links/email/send/secondary",
      { email: squatter, login_magic_link_url: `${ts.baseUrl}/api/stytch` },
      squatterSession,
    );
    expect(secondary.status).toBe(403);
    expect(secondary.body.error_type).toBe("unauthorized_action");
    await expect(lastLinkTo(ts, squatter)).rejects.toThrow();

    // ...and when the real owner signs up, the squatter's password and session stop working.
    const cookie = await signInByLink(ts, victim);
    expect((await me(cookie)).email).toBe(victim);
    const login = await sdk(ts, "/passwords/authenticate", { email: victim, password: PASSWORD });
    expect(login.body.error_type).toBe("reset_password");
    const session = await sdk(ts, "/sessions/authenticate", {}, squatterSession);
    expect(session.status).toBe(404);
  });

  it("1. the app account follows the identity user, whichever of its proven addresses signed in", async () => {
    const first = address("owner");
    const second = address("owner-alias");
    const viaFirst = await signInByLink(ts, first);
    const account = await me(viaFirst);
    expect(account.email).toBe(first);

    // The owner adds a second address from a session of their own, then signs in with it.
    await requestLink(ts, first);
    const token = (await lastLinkTo(ts, first)).searchParams.get("token");
    const auth = await sdk(ts, "/magic_links/authenticate", { token, session_duration_minutes: 60 });
    const session = auth.body.data.session_token as string;
    const added = await sdk(
      ts,
      "/magic_links/email/send/secondary",
      { email: second, login_magic_link_url: `${ts.baseUrl}/api/stytch` },
      session,
    );
    expect(added.status).toBe(200);
    const viaSecond = await confirmLink(await lastLinkTo(ts, second));
    expect(await me(viaSecond)).toEqual(account);
  });

  it("2. the dev mailbox is not shown to anyone a proxy relays", async () => {
    await requestLink(plain, address("private"));
    expect((await fetch(`${plain.baseUrl}/dev/mailbox`)).status).toBe(200);
    const relays: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.7" },
      { forwarded: "for=203.0.113.7" },
    ];
    for (const header of relays) {
      const relayed = await fetch(`${plain.baseUrl}/dev/mailbox`, { headers: header });
      expect(relayed.status).toBe(404);
      expect(await relayed.text()).not.toContain("token=");
    }
  });

  it("3. a stranger flooding someone's address does not stop that person's sign-in", async () => {
    const target = address("target");
    const flood = [];
    for (let i = 0; i < 6; i++) flood.push((await requestLinkFrom(plain, "127.0.0.2", target)).status);
    expect(flood.at(-1)).toBe(429);
    expect((await requestLinkFrom(plain, "127.0.0.3", target)).status).toBe(200);
  });

  it("4. X-Forwarded-For from an untrusted client changes nothing", async () => {
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      const forged = { "x-forwarded-for": `198.51.100.${i}` };
      statuses.push((await requestLinkFrom(plain, "127.0.0.4", address(`spoof${i}`), forged)).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("5. telemetry needs the public token and cannot carry a file", async () => {
    const file = [{ telemetry: {}, event: { event_name: "x", blob: "x".repeat(190_000) } }];
    expect((await api(plain.baseUrl, null, "POST", "/sdk/v1/events", file)).status).toBe(413);
    const anonymous = [{ telemetry: {}, event: { event_name: "render_login_screen" } }];
    const res = await api(plain.baseUrl, null, "POST", "/sdk/v1/events", anonymous);
    expect(res.status).toBe(401);
    expect(res.body.error_type).toBe("invalid_public_token");
  });

  it("7. a password reset signs the user out of the app everywhere", async () => {
    const owner = address("reset");
    const cookie = await signInByLink(ts, owner);
    expect((await me(cookie)).email).toBe(owner);

    const start = await sdk(ts, "/passwords/email/reset/start", {
      email: owner,
      reset_password_redirect_url: `${ts.baseUrl}/api/stytch`,
    });
    expect(start.status).toBe(200);
    const token = (await lastLinkTo(ts, owner)).searchParams.get("token");
    const reset = await sdk(ts, "/passwords/email/reset", { token, password: PASSWORD });
    expect(reset.status).toBe(200);
    expect((await api(ts.baseUrl, cookie, "GET", "/api/auth/me")).status).toBe(401);
  });

  it("7. signing out of all devices ends every app and identity session of the user", async () => {
    const owner = address("everywhere");
    const laptop = await signInByLink(plain, owner);
    const phone = await signInByLink(plain, owner);
    await requestLink(plain, owner);
    const token = (await lastLinkTo(plain, owner)).searchParams.get("token");
    const widget = await sdk(plain, "/magic_links/authenticate", { token, session_duration_minutes: 60 });
    const widgetSession = widget.body.data.session_token as string;

    const out = await api(plain.baseUrl, phone, "PUT", "/api/auth/logout-everywhere");
    expect(out.status).toBe(204);
    for (const cookie of [laptop, phone]) {
      expect((await api(plain.baseUrl, cookie, "GET", "/api/auth/me")).status).toBe(401);
    }
    expect((await sdk(plain, "/sessions/authenticate", {}, widgetSession)).status).toBe(404);
  });

  it("6. a link opened in another browser, or fetched by a scanner, asks first and spends nothing", async () => {
    const owner = address("bound");
    const { browser } = await requestLink(plain, owner);
    const link = await lastLinkTo(plain, owner);
    expect(link.searchParams.get("b")).toMatch(/^[\w-]{20,}$/);

    // A scanner (no cookies) and a stranger's browser (its own binding) get the confirm page.
    for (const cookie of ["", "dub_link=someone-elses-binding-value"]) {
      const page = await fetch(link, { redirect: "manual", headers: cookie ? { cookie } : {} });
      expect(page.status).toBe(200);
      expect(page.headers.get("set-cookie")).not.toMatch(/dub_session=/);
      expect(await page.text()).toContain("Continue signing in");
    }
    // A cross-site form post without the confirm page's cookie is refused.
    const forged = await fetch(`${plain.baseUrl}/api/stytch`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: link.searchParams.get("token")!, confirm: "guess" }),
    });
    expect(forged.headers.get("location")).toMatch(/^\/login\?error=/);
    // Nothing was spent: the browser that asked signs in at once.
    const cookie = await openLink(link, browser);
    expect((await api(plain.baseUrl, cookie, "GET", "/api/auth/me")).body.email).toBe(owner);
  });

  it("6. the confirm page's one click signs the other browser in", async () => {
    const owner = address("elsewhere");
    await requestLink(plain, owner);
    const cookie = await confirmLink(await lastLinkTo(plain, owner));
    expect((await api(plain.baseUrl, cookie, "GET", "/api/auth/me")).body.email).toBe(owner);
  });

  it("8. a password-only session of a user with an authenticator app cannot change its security", async () => {
    const owner = address("mfa");
    const created = await sdk(ts, "/passwords", { email: owner, password: PASSWORD });
    // The owner proves the address from their session first: nothing else may join the user before (12).
    await requestLink(ts, owner);
    const token = (await lastLinkTo(ts, owner)).searchParams.get("token");
    const body = { token, session_duration_minutes: 60 };
    const verified = await sdk(ts, "/magic_links/authenticate", body, created.body.data.session_token);
    const first = verified.body.data.session_token as string;
    const enrol = await sdk(ts, "/totps", { expiration_minutes: 10 }, first);
    const totp = new TOTP({ secret: enrol.body.data.secret });
    const proven = await sdk(ts, "/totps/authenticate", { totp_code: totp.generate() }, first);
    expect(proven.status).toBe(200);

    // The password leaks: a session with the password alone.
    const login = await sdk(ts, "/passwords/authenticate", { email: owner, password: PASSWORD });
    const stolen = login.body.data.session_token as string;
    const totpId = enrol.body.data.totp_id as string;
    const attempts = [
      await sdk(ts, "/totps/recovery_codes", {}, stolen),
      await sdk(ts, "/passwords/session/reset", { password: `${PASSWORD}-new` }, stolen),
      await sdk(ts, "/magic_links/email/send/secondary", { email: address("thief") }, stolen),
      await api(ts.baseUrl, null, "DELETE", `/sdk/v1/users/totps/${totpId}`, undefined, {
        authorization: `Basic ${Buffer.from(`${await publicToken(ts)}:${stolen}`).toString("base64")}`,
      }),
    ];
    for (const res of attempts) expect(res.body.error_type).toBe("insufficient_factors");

    // A session that proved the second factor just now may.
    const owned = await sdk(ts, "/totps/recovery_codes", {}, proven.body.data.session_token);
    expect(owned.status).toBe(200);
  });

  it("9. the passcode screen does not tell who has an account", async () => {
    const known = address("known");
    await signInByLink(ts, known);
    const unknown = address("unknown");
    const ids = [];
    for (const email of [known, unknown, unknown]) {
      const res = await sdk(ts, "/otps/email/send/primary", { email });
      expect(res.status).toBe(200);
      ids.push(res.body.data.method_id as string);
    }
    const shape = /^email-(live|test)-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const id of ids) expect(id).toMatch(shape);
    expect(ids[2]).toBe(ids[1]); // stable, like a known address's
  });

  it("9. every page carries the security headers", async () => {
    for (const url of ["/", "/login", "/api/health", "/api/stytch?token=x"]) {
      const res = await fetch(`${plain.baseUrl}${url}`, { redirect: "manual" });
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("strict-transport-security")).toBeNull(); // plain http here
    }
  });

  /** A wallet sign-in with a real signature; with `session`, the wallet is added to that user. */
  const ethereum = (wallet: PrivateKeyAccount) => ({
    crypto_wallet_address: wallet.address,
    crypto_wallet_type: "ethereum",
  });
  async function walletSignIn(server: TestServer, wallet: PrivateKeyAccount, session?: string) {
    const kind = session ? "secondary" : "primary";
    const start = await sdk(server, `/crypto_wallets/authenticate/start/${kind}`, ethereum(wallet), session);
    if (start.status !== 200) return start;
    const signature = await wallet.signMessage({ message: start.body.data.challenge });
    const body = { ...ethereum(wallet), signature, session_duration_minutes: 60 };
    return sdk(server, "/crypto_wallets/authenticate", body, session);
  }

  /**
   * The end of the factor-squatting chain: signed in with a factor of their own, the squatter adds an
   * address of their own and opens the app with it. Answers what that app session sees.
   */
  async function squatterOpensApp(server: TestServer, session: string | undefined) {
    const own = address("squatter");
    await sdk(
      server,
      "/magic_links/email/send/secondary",
      { email: own, login_magic_link_url: `${server.baseUrl}/api/stytch` },
      session,
    );
    const link = await lastLinkTo(server, own).catch(() => null);
    const cookie = link ? await confirmLink(link) : null;
    return {
      me: await api(server.baseUrl, cookie, "GET", "/api/auth/me"),
      projects: await api(server.baseUrl, cookie, "GET", "/api/video"),
    };
  }

  /** The owner signs up by link and has a project; answers their account and the project's id. */
  async function ownerWithProject(server: TestServer, email: string) {
    const cookie = await signInByLink(server, email);
    const account = (await api(server.baseUrl, cookie, "GET", "/api/auth/me")).body as { id: string };
    const [project] = await server.server.database.db
      .insert(projects)
      .values({
        userId: account.id,
        workspaceId: account.id,
        title: "Owner's film",
        status: "ready",
        originalKey: "x",
        originalName: "x.mp4",
        sizeBytes: 1,
      })
      .returning({ id: projects.id });
    return { account, projectId: project!.id };
  }

  function expectOutside(
    seen: Awaited<ReturnType<typeof squatterOpensApp>>,
    owner: { account: { id: string }; projectId: string },
  ) {
    expect(seen.me.body?.id).not.toBe(owner.account.id);
    expect(JSON.stringify(seen.projects.body)).not.toContain(owner.projectId);
  }

  it("12. a wallet put on a password user made for someone else's address never opens their account", async () => {
    const victim = address("victim");
    const created = await sdk(wallets, "/passwords", { email: victim, password: PASSWORD });
    const squatterWallet = privateKeyToAccount(generatePrivateKey());
    const attach = await walletSignIn(wallets, squatterWallet, created.body.data.session_token);

    const owner = await ownerWithProject(wallets, victim);
    const squatter = await walletSignIn(wallets, squatterWallet);
    expectOutside(await squatterOpensApp(wallets, squatter.body.data?.session_token), owner);
    expect(attach.status).toBe(403);
    expect(attach.body.error_type).toBe("unauthorized_action");
  });

  it("12. a wallet left on a squatted user from before is removed when the owner signs up", async () => {
    const victim = address("victim");
    const created = await sdk(wallets, "/passwords", { email: victim, password: PASSWORD });
    const squatterWallet = privateKeyToAccount(generatePrivateKey());
    const own = await walletSignIn(wallets, squatterWallet);
    // Data from before the rule: the wallet moved onto the squatted user (no call can attach it now).
    await wallets.server.database.db
      .update(identitySchema.identityCryptoWallets)
      .set({ userId: created.body.data.user_id })
      .where(eq(identitySchema.identityCryptoWallets.userId, own.body.data.user_id));

    const owner = await ownerWithProject(wallets, victim);
    const squatter = await walletSignIn(wallets, squatterWallet);
    expect(squatter.body.data.user_id).not.toBe(created.body.data.user_id);
    expectOutside(await squatterOpensApp(wallets, squatter.body.data.session_token), owner);
  });

  it("12. a passkey registered on a squatted user never opens the owner's account", async () => {
    const victim = address("victim");
    const created = await sdk(ts, "/passwords", { email: victim, password: PASSWORD });
    const squatterSession = created.body.data.session_token as string;
    const domain = new URL(ts.baseUrl).hostname;
    const key = new SoftwareAuthenticator(domain, ts.baseUrl);
    const start = await sdk(
      ts,
      "/webauthn/register/start",
      { domain, return_passkey_credential_options: true },
      squatterSession,
    );
    if (start.status === 200) {
      const credential = key.create(start.body.data.public_key_credential_creation_options);
      await sdk(ts, "/webauthn/register", { public_key_credential: credential }, squatterSession);
    }

    const owner = await ownerWithProject(ts, victim);
    const options = await sdk(ts, "/webauthn/authenticate/start/primary", {
      domain,
      return_passkey_credential_options: true,
    });
    const squatter = await sdk(ts, "/webauthn/authenticate", {
      public_key_credential: key.get(options.body.data.public_key_credential_request_options),
      session_duration_minutes: 60,
    });
    expectOutside(await squatterOpensApp(ts, squatter.body.data?.session_token), owner);
    expect(start.body.error_type).toBe("unauthorized_action");
  });

  it("13. a template id naming a built-in property sends the usual email", async () => {
    for (const id of ["constructor", "__proto__", "toString"]) {
      const email = address("template");
      const res = await sdk(plain, "/magic_links/email/login_or_create", {
        email,
        login_magic_link_url: `${plain.baseUrl}/api/stytch`,
        signup_magic_link_url: `${plain.baseUrl}/api/stytch`,
        login_template_id: id,
        signup_template_id: id,
      });
      expect(res.status).toBe(200);
      expect((await lastLinkTo(plain, email)).pathname).toBe("/api/stytch");
    }
  });

  it("14. the sign-in history names the browser that signed in, not the app's in-process call", async () => {
    const owner = address("agent");
    const { browser } = await requestLink(plain, owner);
    const agent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0 audit-test";
    const res = await fetch(await lastLinkTo(plain, owner), {
      redirect: "manual",
      headers: { cookie: browser, "user-agent": agent },
    });
    expect(res.headers.get("set-cookie")).toMatch(/dub_session=/);
    const lines = (await plain.server.database.db.select().from(identitySchema.identityAuditLog)).filter(
      (line) => line.action === "sign_in" && line.subject.toLowerCase() === owner,
    );
    expect(lines.map((line) => [line.userAgent, line.ipAddress])).toEqual([[agent, "127.0.0.1"]]);
  });

  it("14. closing the account erases its sign-in history", async () => {
    const owner = address("closing");
    const cookie = await signInByLink(plain, owner);
    const db = plain.server.database.db;
    const [account] = await db.select().from(users).where(eq(users.email, owner));
    const history = async () =>
      (await db.select().from(identitySchema.identityAuditLog)).filter(
        (line) => line.userId === account!.identityUserId || line.subject.toLowerCase() === owner,
      );
    expect((await history()).length).toBeGreaterThan(0);
    expect((await api(plain.baseUrl, cookie, "DELETE", "/api/account", { email: owner })).status).toBe(204);
    expect(await history()).toEqual([]);
  });

  it("15. closing the account and signing up again keeps the month's usage", async () => {
    const owner = address("again");
    const db = plain.server.database.db;
    const cookie = await signInByLink(plain, owner);
    const { id } = (await api(plain.baseUrl, cookie, "GET", "/api/auth/me")).body;
    await new UsageRepository(db).add(id, "dubbed", 600);
    await takeQuota(db, { userId: id, plan: BUILT_IN_PLANS[0]!, kind: "translations" });
    const before = (await api(plain.baseUrl, cookie, "GET", "/api/usage")).body;
    expect(before.usedSeconds).toBe(600);
    expect((await api(plain.baseUrl, cookie, "DELETE", "/api/account", { email: owner })).status).toBe(204);

    const again = await signInByLink(plain, owner);
    const after = (await api(plain.baseUrl, again, "GET", "/api/usage")).body;
    expect(after.usedSeconds).toBe(600);
    expect(after.quotas.translations.used).toBe(1);
    // Only a keyed hash of the address is kept.
    expect(JSON.stringify(await db.select().from(usageCarryover))).not.toContain(owner);
  });

  it("16. a stranger asking for a challenge for someone's wallet does not break their sign-in", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const start = () => sdk(wallets, "/crypto_wallets/authenticate/start/primary", ethereum(wallet));
    const mine = await start();
    const secondTab = await start();
    const token = await publicToken(wallets);
    const stranger = await postFrom(
      "127.0.0.2",
      `${wallets.baseUrl}/sdk/v1/crypto_wallets/authenticate/start/primary`,
      ethereum(wallet),
      { authorization: `Basic ${Buffer.from(`${token}:${token}`).toString("base64")}` },
    );
    expect(stranger.status).toBe(200);

    const answer = async (challenge: string) => {
      const signature = await wallet.signMessage({ message: challenge });
      const body = { ...ethereum(wallet), signature, session_duration_minutes: 60 };
      return sdk(wallets, "/crypto_wallets/authenticate", body);
    };
    expect((await answer(mine.body.data.challenge)).status).toBe(200);
    expect((await answer(mine.body.data.challenge)).body.error_type).toBe("invalid_signature"); // spent
    expect((await answer(secondTab.body.data.challenge)).status).toBe(200);
  });
});
