import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { log } from "../logs/context.ts";
import { checkTarget, guardedLookup, type PrivateAllowance } from "../net/address-guard.ts";

/** The user name in the proxy's URL; the password is the import's own secret. */
const PROXY_USER = "import";

/** Pure: whether a Proxy-Authorization header holds `secret` (Basic, compared in constant time). */
export function proxyAuthorized(header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== "string") return false;
  const basic = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  const given = basic ? Buffer.from(basic[1]!, "base64").toString("utf8") : "";
  // digests of equal length: the comparison takes the same time whatever was sent
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(`${PROXY_USER}:${secret}`));
}

/** What the proxy cannot serve: an absolute-form request for anything but http:// (HTTPS goes by CONNECT). */
class NotServed extends Error {}

/** Pure: the target of a plain-HTTP proxy request (absolute form), or why it is not one this proxy serves. */
export function proxyTarget(requestUrl: string | undefined): URL {
  let url: URL;
  try {
    url = new URL(requestUrl ?? "");
  } catch {
    throw new NotServed("not a proxy request (an absolute http:// URL)");
  }
  if (url.protocol !== "http:")
    throw new NotServed(`${url.protocol}// is not served here (https goes by CONNECT)`);
  return url;
}

const CHALLENGE = 'Basic realm="link import"';

/** What each request of one proxy shares: the allowance, where refusals go, the open sockets. */
interface ProxyContext {
  allow: PrivateAllowance;
  refuse(why: string): void;
  sockets: Set<net.Socket>;
}

/** Plain HTTP (an absolute http:// URL): checked, then sent on with the guard on the address connected to. */
function forward(request: http.IncomingMessage, response: http.ServerResponse, context: ProxyContext) {
  let url: URL;
  try {
    url = proxyTarget(request.url);
  } catch (error) {
    return response.writeHead(400, { connection: "close" }).end((error as Error).message);
  }
  try {
    checkTarget(url, context.allow);
  } catch (error) {
    context.refuse((error as Error).message);
    return response.writeHead(403).end();
  }
  // the import's secret stays here: the site is never sent it
  const { "proxy-authorization": _secret, "proxy-connection": _hop, ...headers } = request.headers;
  const upstream = http.request(url, {
    method: request.method,
    headers: { ...headers, connection: "close" },
    lookup: guardedLookup(context.allow),
    agent: false,
  });
  upstream.on("response", (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.on("error", () => response.destroy());
    answer.pipe(response);
  });
  // a side that goes away ends the other, and never throws out of the process
  request.on("error", () => upstream.destroy());
  response.on("error", () => upstream.destroy());
  upstream.on("error", (error) => {
    if (/private address/.test(error.message)) context.refuse(error.message);
    if (!response.headersSent) response.writeHead(502).end();
    else response.destroy();
  });
  request.pipe(upstream);
}

/** HTTPS: CONNECT host:port, checked, then a tunnel (the guard sees the host, not the contents). */
function tunnel(request: http.IncomingMessage, client: net.Socket, head: Buffer, context: ProxyContext) {
  const [host, port] = splitHostPort(request.url ?? "");
  try {
    checkTarget(new URL(`https://${host.includes(":") ? `[${host}]` : host}:${port}/`), context.allow);
  } catch (error) {
    context.refuse((error as Error).message);
    return client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
  }
  const upstream = net.connect({ host, port: Number(port), lookup: guardedLookup(context.allow) });
  context.sockets.add(upstream);
  upstream.on("close", () => context.sockets.delete(upstream));
  upstream.once("connect", () => {
    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on("error", (error) => {
    if (/private address/.test(error.message)) context.refuse(error.message);
    client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
  });
  client.on("error", () => upstream.destroy());
}

/** A request without the import's secret (any local user can send one): said in the log, then refused. */
function logUnauthorized(request: http.IncomingMessage): void {
  log().warn(
    { method: request.method, from: request.socket.remoteAddress },
    "link import proxy: a request without the import's secret was refused (407)",
  );
}

/** The last resort: an error of one request is logged and ends that request, never the process. */
function failedRequest(error: unknown, end: () => void): void {
  log().error({ err: error }, "link import proxy: a request failed");
  try {
    end();
  } catch {
    // its connection is gone already
  }
}

/**
 * A one-download HTTP proxy on loopback that yt-dlp is told to use (`--proxy`): every connection it makes
 * (the page, each redirect, the media) goes through the same SSRF guard as a direct fetch, on the address
 * actually connected to. HTTPS goes through CONNECT; plain HTTP as absolute-URI requests; anything else
 * (an https:// URL in absolute form, a request that is not a proxy request) is answered 400. Only this
 * import may use it: `url` carries a secret of its own as proxy credentials (yt-dlp reads it on its stdin,
 * never from a command line every user of the host can read), and a request without it is answered 407.
 * `refused` keeps the last refusal, to tell the user why yt-dlp failed.
 */
export async function startGuardedProxy(allow: PrivateAllowance) {
  const secret = randomBytes(32).toString("hex");
  const state = { refused: null as string | null };
  const context: ProxyContext = {
    allow,
    sockets: new Set<net.Socket>(),
    refuse: (why) => {
      state.refused = why;
    },
  };
  const server = http.createServer((request, response) => {
    try {
      if (!proxyAuthorized(request.headers["proxy-authorization"], secret)) {
        logUnauthorized(request);
        return response.writeHead(407, { "proxy-authenticate": CHALLENGE, connection: "close" }).end();
      }
      forward(request, response, context);
    } catch (error) {
      failedRequest(error, () => (response.headersSent ? response.destroy() : response.writeHead(502).end()));
    }
  });
  server.on("connection", (socket) => {
    context.sockets.add(socket);
    socket.on("close", () => context.sockets.delete(socket));
  });
  server.on("connect", (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    try {
      if (!proxyAuthorized(request.headers["proxy-authorization"], secret)) {
        logUnauthorized(request);
        return client.end(
          `HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: ${CHALLENGE}\r\nConnection: close\r\n\r\n`,
        );
      }
      tunnel(request, client, head, context);
    } catch (error) {
      failedRequest(error, () => client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n"));
    }
  });
  // a malformed request: 400 and the connection closed
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://${PROXY_USER}:${secret}@127.0.0.1:${port}`,
    /** Where it listens, without the secret (confine.py's one allowed address). */
    address: `127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of context.sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** "host:port" or "[v6]:port" as [host, port]. */
function splitHostPort(authority: string): [string, string] {
  const v6 = /^\[([^\]]+)\]:(\d+)$/.exec(authority);
  if (v6) return [v6[1]!, v6[2]!];
  const i = authority.lastIndexOf(":");
  return i < 0 ? [authority, "443"] : [authority.slice(0, i), authority.slice(i + 1)];
}
