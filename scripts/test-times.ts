// Where the test time goes: the duration of each test file's last run (vitest keeps them in its
// results cache to order the next run), slowest first, and the sum per project.
// `node scripts/test-times.ts [how many files, default 30]` after `make test`, `make test-fast` or any
// `npx vitest run`.
import { globSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const top = Number(process.argv[2] ?? 30);

interface Results {
  projects?: Record<string, { files: Record<string, { duration?: number; failed?: boolean }> }>;
}

const files = new Map<string, { project: string; seconds: number; failed: boolean }>();
for (const cache of globSync("node_modules/.vite/vitest/*/results.json", { cwd: ROOT })) {
  const results = JSON.parse(readFileSync(path.join(ROOT, cache), "utf8")) as Results;
  for (const [project, { files: byFile }] of Object.entries(results.projects ?? {}))
    for (const [file, r] of Object.entries(byFile))
      files.set(`${project}:${file}`, { project, seconds: (r.duration ?? 0) / 1000, failed: !!r.failed });
}
if (files.size === 0) {
  console.log("no vitest results yet: run the tests first");
  process.exit(0);
}

const rows = [...files].sort((a, b) => b[1].seconds - a[1].seconds);
const total = rows.reduce((sum, [, r]) => sum + r.seconds, 0);
console.log(
  `${rows.length} files, ${total.toFixed(0)} s summed over each file's last run (two files run at a time)`,
);
const perProject = new Map<string, number>();
for (const [, r] of rows) perProject.set(r.project, (perProject.get(r.project) ?? 0) + r.seconds);
for (const [project, seconds] of [...perProject].sort((a, b) => b[1] - a[1]))
  console.log(`  ${project.padEnd(16)} ${seconds.toFixed(0).padStart(6)} s`);
console.log(`slowest ${Math.min(top, rows.length)}:`);
for (const [key, r] of rows.slice(0, top))
  console.log(
    `  ${r.seconds.toFixed(1).padStart(7)} s  ${key.slice(r.project.length + 1)}${r.failed ? "  (failed)" : ""}`,
  );
