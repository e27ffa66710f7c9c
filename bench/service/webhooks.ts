// Webhook delivery delay: from the moment an event is queued (its `timestamp`) to its arrival at a local
// receiver, over 100 events, through a real server process (the job queue, signing, the HTTP client).
// Events go one every --gap ms (latency), then all at once (a burst, delivered in order). Prints figures;
// never fails.
//   node bench/service/webhooks.ts [--postgres] [--events 100] [--gap 50]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startReceiver } from "../../apps/server/test/receiver.ts";
import { benchUsers, startBenchPostgres, startBenchServer } from "./server.ts";

const { values } = parseArgs({
  options: {
    postgres: { type: "boolean", default: false },
    events: { type: "string", default: "100" },
    gap: { type: "string", default: "50" },
  },
});
const count = Number(values.events);

const dir = await mkdtemp(path.join(os.tmpdir(), "bench-webhooks-"));
const postgres = values.postgres ? startBenchPostgres() : null;
const [cookie] = await benchUsers(dir, ["hooks@example.com"], postgres?.url);
const server = await startBenchServer(dir, {
  WEBHOOKS_ALLOW_PRIVATE: "true",
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
});
const receiver = await startReceiver();
const post = (url: string, body?: unknown) =>
  fetch(`${server.base}${url}`, {
    method: "POST",
    headers: { cookie: cookie!, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Milliseconds from queueing to arrival of each event received since `from`. */
function delays(from: number): number[] {
  return receiver.received.slice(from).map((r) => r.at - Date.parse(JSON.parse(r.body).timestamp));
}
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
async function arrived(n: number) {
  const deadline = Date.now() + 120_000;
  while (receiver.received.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}
function report(label: string, from: number) {
  const d = delays(from).sort((a, b) => a - b);
  console.log(
    `${label.padEnd(26)} ${String(d.length).padStart(4)} events  p50 ${pct(d, 50)} ms  p95 ${pct(d, 95)} ms  max ${d.at(-1)} ms`,
  );
}

try {
  const created = await post("/api/webhooks", { url: `${receiver.url}/hook`, events: ["dub.completed"] });
  const { id } = (await created.json()) as { id: string };
  console.log(`mode: ${postgres ? "PostgreSQL, one API and worker process" : "embedded"}`);
  for (let i = 0; i < count; i++) {
    await post(`/api/webhooks/${id}/test`);
    await new Promise((r) => setTimeout(r, Number(values.gap)));
  }
  await arrived(count);
  report(`one every ${values.gap} ms`, 0);
  await Promise.all(Array.from({ length: count }, () => post(`/api/webhooks/${id}/test`)));
  await arrived(2 * count);
  report("all at once (in order)", count);
} finally {
  server.stop();
  await new Promise((r) => server.process.once("exit", r));
  await receiver.close();
  postgres?.stop();
  await rm(dir, { recursive: true, force: true });
}
