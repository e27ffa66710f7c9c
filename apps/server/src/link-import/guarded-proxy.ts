import http from "node:http";
import net from "node:net";
import { checkTarget, guardedLookup, type PrivateAllowance } from "../net/address-guard.ts";

/**
 * A one-download HTTP proxy on loopback that yt-dlp is told to use (`--proxy`): every connection it makes
 * (the page, each redirect, the media) goes through the same SSRF guard as a direct fetch, on the address
 * actually connected to. HTTPS goes through CONNECT (the guard sees the host, not the contents); plain HTTP
 * as absolute-URI requests. `refused` keeps the last refusal, to tell the user why yt-dlp failed.
 */
export async function startGuardedProxy(allow: PrivateAllowance) {
  const state = { refused: null as string | null };
  const sockets = new Set<net.Socket>();
  const refuse = (why: string) => {
    state.refused = why;
  };
  const server = http.createServer((request, response) => {
    let url: URL;
    try {
      url = new URL(request.url ?? "");
      checkTarget(url, allow);
    } catch (error) {
      refuse((error as Error).message);
      return response.writeHead(403).end();
    }
    const upstream = http.request(url, {
      method: request.method,
      headers: { ...request.headers, connection: "close" },
      lookup: guardedLookup(allow),
      agent: false,
    });
    upstream.on("response", (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on("error", (error) => {
      if (/private address/.test(error.message)) refuse(error.message);
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
    request.pipe(upstream);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("connect", (request, client, head) => {
    const [host, port] = splitHostPort(request.url ?? "");
    try {
      checkTarget(new URL(`https://${host.includes(":") ? `[${host}]` : host}:${port}/`), allow);
    } catch (error) {
      refuse((error as Error).message);
      return client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
    }
    const upstream = net.connect({ host, port: Number(port), lookup: guardedLookup(allow) });
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.once("connect", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", (error) => {
      if (/private address/.test(error.message)) refuse(error.message);
      client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
    });
    client.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
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
