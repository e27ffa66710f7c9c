import http from "node:http";
import type net from "node:net";

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/**
 * A local webhook receiver: records every request and answers what `answer` says (200 by default), so a
 * test can make it fail, redirect or hang.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let answer: (r: Received) => { status: number; headers?: Record<string, string> } | "hang" = () => ({
    status: 200,
  });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const record = {
        path: request.url ?? "",
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      received.push(record);
      const reply = answer(record);
      if (reply === "hang") return;
      response.writeHead(reply.status, reply.headers).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    answerWith(fn: typeof answer) {
      answer = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
