import { defineConfig } from "vitest/config";

// Each workspace has its own vitest config; the root runs them all.
export default defineConfig({
  test: {
    // One pool for every project: two files at a time suits a 2-core machine (each integration file starts
    // a server). Vitest refuses projects of one group with different maxWorkers, and on 2 cores its
    // default (1) put every isolated project's files in a queue of their own, one file at a time.
    maxWorkers: 2,
    projects: ["apps/*/vitest.config.ts", "packages/*/vitest.config.ts"],
  },
});
