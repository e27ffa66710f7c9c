// Fair scheduling, measured: user A floods the queue with ten 60-s videos, then user B uploads one.
// Prints how long B waits for its transcript, against the length of one such job alone.
// Usage: node bench/service/fairness.ts
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DIALOGUE, makeDialogue } from "../../packages/dubbing/src/testing/dialogue.ts";
import { benchUpload, benchUsers, readyProject, startBenchServer } from "./server.ts";

const dir = await mkdtemp(path.join(os.tmpdir(), "dub-bench-fair-"));
const lines = Array.from({ length: 17 }, (_, i) => DIALOGUE[i % DIALOGUE.length]!);
const { video, durationMs } = makeDialogue(dir, lines, { name: "minute" });
const [a, b, alone] = await benchUsers(dir, ["a@example.com", "b@example.com", "alone@example.com"]);
const server = await startBenchServer(dir);
try {
  const t0 = performance.now();
  await readyProject(server.base, alone!, await benchUpload(server.base, alone!, video, "Alone"));
  const jobLength = (performance.now() - t0) / 1000;

  const flood: string[] = [];
  for (let batch = 0; batch < 10; batch += 4) {
    const names = Array.from({ length: Math.min(4, 10 - batch) }, (_, i) => `A${batch + i}`);
    flood.push(...(await Promise.all(names.map((name) => benchUpload(server.base, a!, video, name)))));
  }
  const t1 = performance.now();
  await readyProject(server.base, b!, await benchUpload(server.base, b!, video, "B"));
  const bWait = (performance.now() - t1) / 1000;
  const aLeft = await Promise.all(
    flood.map(
      async (id) =>
        (await (await fetch(`${server.base}/api/video/${id}`, { headers: { cookie: a! } })).json()).status,
    ),
  );

  console.log(`video                              ${(durationMs / 1000).toFixed(0)} s, two speakers`);
  console.log(`one upload → transcript, alone     ${jobLength.toFixed(1)} s`);
  console.log(
    `B's upload → transcript, A flooding ${bWait.toFixed(1)} s (${(bWait / jobLength).toFixed(2)} × one job)`,
  );
  console.log(`A's projects not yet ready then    ${aLeft.filter((s) => s !== "ready").length} of 10`);
} finally {
  server.stop();
  await rm(dir, { recursive: true, force: true });
}
