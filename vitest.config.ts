import { defineConfig } from "vitest/config";

// Each workspace has its own vitest config; the root runs them all.
export default defineConfig({
  test: {
    // The pool's size. Each project resolves its own maxWorkers (vitest's default, 1 on 2 cores), and
    // vitest refuses projects of one group whose maxWorkers differ: so none sets it, and the isolated
    // projects (the server's) run their files one at a time (docs/DECISIONS.md, "A suite people run").
    maxWorkers: 2,
    projects: ["apps/*/vitest.config.ts", "packages/*/vitest.config.ts"],
  },
});
