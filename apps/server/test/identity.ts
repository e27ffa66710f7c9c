import http from "node:http";
import { desc, eq } from "drizzle-orm";
import { devMailbox } from "../src/db/schema.ts";
import type { TestServer } from "./harness.ts";
import { api } from "./http.ts";

export async function publicToken(ts: TestServer): Promise<string> {
  return (await api(ts.baseUrl, null, "GET", "/api/config")).body.identity.publicToken;
}

/** The identity SDK as a browser script would call it: Basic public_token[:session_token]. */
export async function sdk(ts: TestServer, url: string, body: unknown, session?: string) {
  const token = await publicToken(ts);
  const basic = Buffer.from(`${token}:${session ?? token}`).toString("base64");
  return api(ts.baseUrl, null, "POST", `/sdk/v1${url}`, body, { authorization: `Basic ${basic}` });
}

/** The text of the newest message sent to `to` through the dev mailbox that `pattern` matches. */
export async function lastMailTo(ts: TestServer, to: string, pattern: RegExp): Promise<string> {
  const mails = await ts.server.database.db
    .select()
    .from(devMailbox)
    .where(eq(devMailbox.to, to))
    .orderBy(desc(devMailbox.id));
  for (const mail of mails) {
    const found = pattern.exec(mail.text)?.[0];
    if (found) return found;
  }
  throw new Error(`no message matching ${pattern} was sent to ${to}`);
}

/** The newest link sent to `to` through the dev mailbox. */
export async function lastLinkTo(ts: TestServer, to: string): Promise<URL> {
  return new URL(await lastMailTo(ts, to, /https?:\/\/\S+\?\S*token=\S+/));
}

/**
 * Asks for a sign-in link the way the login page does; `browser` is the binding cookie that browser got
 * (`dub_link=…`), which opening the link in "the same browser" sends back.
 */
export async function requestLink(ts: TestServer, email: string) {
  const res = await sdk(ts, "/magic_links/email/login_or_create", {
    email,
    login_magic_link_url: `${ts.baseUrl}/api/stytch`,
    signup_magic_link_url: `${ts.baseUrl}/api/stytch`,
  });
  const browser = /dub_link=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";
  return { ...res, browser };
}

/** Asks for a link and opens it in the same browser; answers the app session cookie (or null). */
export async function signInByLink(ts: TestServer, email: string): Promise<string | null> {
  const { browser } = await requestLink(ts, email);
  return openLink(await lastLinkTo(ts, email), browser);
}

/** Opens a sign-in link in a browser holding `cookie`; answers the app session cookie, if one was set. */
export async function openLink(link: URL, cookie = ""): Promise<string | null> {
  const res = await fetch(link, { redirect: "manual", headers: cookie ? { cookie } : {} });
  return /dub_session=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? null;
}

/** Opens a link in a browser that did not ask for it and clicks the confirm page's button. */
export async function confirmLink(link: URL): Promise<string | null> {
  const page = await fetch(link, { redirect: "manual" });
  const nonceCookie = /dub_confirm=[^;]+/.exec(page.headers.get("set-cookie") ?? "")?.[0] ?? "";
  const html = await page.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
  const res = await fetch(link.origin + link.pathname, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: nonceCookie },
    body: new URLSearchParams({ token: field("token"), confirm: field("confirm") }),
  });
  return /dub_session=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? null;
}

/** A JSON POST sent from another local address (127.0.0.2, …): a second client on another IP. */
export function postFrom(
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: "POST", localAddress, headers: { "content-type": "application/json", ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

/** Asks for a sign-in link from a given local address. */
export async function requestLinkFrom(ts: TestServer, localAddress: string, email: string, headers = {}) {
  const token = await publicToken(ts);
  const basic = Buffer.from(`${token}:${token}`).toString("base64");
  return postFrom(
    localAddress,
    `${ts.baseUrl}/sdk/v1/magic_links/email/login_or_create`,
    { email, login_magic_link_url: `${ts.baseUrl}/api/stytch` },
    { authorization: `Basic ${basic}`, ...headers },
  );
}
