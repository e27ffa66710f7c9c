// A local HTTP server for testing cloud engines against their provider's wire format: it records every
// request (method, path, query, headers, body) and answers with the test's handler.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts a server on a free loopback port; `handler` writes the answer for each recorded request. */
export async function startFakeServer(
  handler: (req: RecordedRequest, res: ServerResponse) => void | Promise<void>,
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const u = new URL(req.url ?? "/", "http://localhost");
    const r: RecordedRequest = {
      method: req.method ?? "GET",
      path: u.pathname,
      query: u.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    requests.push(r);
    try {
      await handler(r, res);
    } catch (err) {
      res.writeHead(500, { "content-type": "text/plain" }).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        // an aborted request can leave a keep-alive connection that holds close() for seconds
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Answers with JSON. Rate-limit and busy answers (429, 503) say `Retry-After: 0`, so the client's
 * retries (see providerFetch) happen at once.
 */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const retry = status === 429 || status === 503 ? { "retry-after": "0" } : {};
  res.writeHead(status, { "content-type": "application/json", ...retry }).end(JSON.stringify(body));
}
