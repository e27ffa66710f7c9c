// The operator's console's reads on a populated embedded server: a page of 100 users (each with its plan,
// month's usage and stored bytes), a search, the jobs list and the storage totals. Prints the median and
// slowest of each over repeated requests.
// Usage: node bench/service/admin-console.ts [users=2000] [repeats=20]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { benchUsers, startBenchServer } from "./server.ts";

const userCount = Number(process.argv[2] ?? 2000);
const repeats = Number(process.argv[3] ?? 20);
const dir = await mkdtemp(path.join(os.tmpdir(), "dub-bench-admin-"));
const ADMIN = "operator@example.com";
const emails = [ADMIN, ...Array.from({ length: userCount }, (_, i) => `user-${i}@example.com`)];
const [cookie] = await benchUsers(dir, emails);
const server = await startBenchServer(dir, { ADMIN_EMAILS: ADMIN });
try {
  const time = async (url: string) => {
    const ms: number[] = [];
    for (let i = 0; i < repeats; i++) {
      const start = performance.now();
      const res = await fetch(`${server.base}${url}`, { headers: { cookie: cookie! } });
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      await res.arrayBuffer();
      ms.push(performance.now() - start);
    }
    ms.sort((a, b) => a - b);
    const median = ms[Math.floor(ms.length / 2)]!;
    console.log(`${url.padEnd(44)} median ${median.toFixed(1)} ms, slowest ${ms.at(-1)!.toFixed(1)} ms`);
  };
  console.log(`${userCount + 1} users, ${repeats} requests each (embedded mode)`);
  await time("/api/admin/users?limit=25");
  await time("/api/admin/users?limit=100");
  await time("/api/admin/users?q=user-19&limit=100");
  await time("/api/admin/jobs?limit=100");
  await time("/api/admin/storage");
  await time("/api/admin/audit?limit=100");
} finally {
  server.stop();
  await rm(dir, { recursive: true, force: true });
}
