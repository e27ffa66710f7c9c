import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { AppError } from "../errors.ts";

/** Addresses a webhook (or a fetched link) may not reach unless the operator allows it. */
const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  PRIVATE.addSubnet(address, prefix, "ipv6");

/** Pure: whether an IP address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = net.isIP(ip);
  if (family === 0) return true;
  return PRIVATE.check(ip, family === 4 ? "ipv4" : "ipv6");
}

export class TargetRefused extends Error {}

/**
 * A DNS look-up that refuses private answers: given to the HTTP client, the address checked is the one
 * connected to, so a name that resolves to a public address when checked and a private one when used
 * (DNS rebinding) is refused too.
 */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as dns.LookupAddress[];
      const refused = !allowPrivate && list.some((a) => isPrivateAddress(a.address));
      if (refused || list.length === 0)
        return callback(new TargetRefused(`${hostname} is a private address`), "", 0);
      if ((options as { all?: boolean }).all)
        return (callback as never as (e: null, a: unknown) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Refuses a URL before anything is sent: not http(s), or an address literal that is private. */
export function checkTarget(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new TargetRefused("only http:// and https:// addresses are allowed");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (
    !allowPrivate &&
    (host === "localhost" || host.endsWith(".localhost") || (net.isIP(host) && isPrivateAddress(host)))
  )
    throw new TargetRefused(`${host} is a private address`);
}

/** At creation: a URL the service would refuse to call is a 400, said plainly. */
export async function assertPublicTarget(raw: string, allowPrivate: boolean): Promise<void> {
  const fail = (why: string) => {
    throw new AppError("validation_failed", `This address cannot receive webhooks: ${why}.`, [
      { path: "url", message: why },
    ]);
  };
  const url = new URL(raw);
  try {
    checkTarget(url, allowPrivate);
  } catch (error) {
    return fail((error as Error).message);
  }
  if (allowPrivate || net.isIP(url.hostname.replace(/^\[|\]$/g, ""))) return;
  const addresses = await dns.promises.lookup(url.hostname, { all: true }).catch(() => null);
  if (!addresses || addresses.length === 0) return fail(`${url.hostname} could not be found`);
  if (addresses.some((a) => isPrivateAddress(a.address))) fail(`${url.hostname} is a private address`);
}

export interface PostResult {
  /** The HTTP status, or null when no answer came (refused, timed out, unreachable). */
  status: number | null;
  error: string | null;
}

/**
 * POSTs a body with the SSRF guard, a total timeout and no redirects (a 3xx is an answer, and a failure).
 * The answer's body is read (up to a bound) and dropped.
 */
export function postJson(
  raw: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<PostResult> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(raw);
      checkTarget(url, opts.allowPrivate);
    } catch (error) {
      return resolve({ status: null, error: (error as Error).message });
    }
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, {
      method: "POST",
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "user-agent": "AI-Video-Dubbing-Webhooks/1",
      },
      lookup: guardedLookup(opts.allowPrivate),
      agent: false,
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${opts.timeoutMs / 1000} s`)),
      opts.timeoutMs,
    );
    request.on("response", (response) => {
      let read = 0;
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > 64 * 1024) response.destroy();
      });
      response.on("close", () => {
        clearTimeout(timer);
        const status = response.statusCode ?? null;
        const ok = status !== null && status >= 200 && status < 300;
        resolve({ status, error: ok ? null : `answered HTTP ${status}` });
      });
    });
    request.on("error", (error) => {
      clearTimeout(timer);
      resolve({ status: null, error: error.message.slice(0, 300) });
    });
    request.end(body);
  });
}
