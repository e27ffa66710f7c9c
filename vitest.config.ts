import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./vitest.sequencer.ts";

// Two test files at a time in every project. Each project resolves its own maxWorkers (vitest's default
// is one fewer than the cores: 1 here, which also sends isolated projects such as the server's to a
// group of their own run one file at a time after the rest), and vitest refuses projects of one group
// whose maxWorkers differ; its environment variable sets them all at once. `VITEST_MAX_WORKERS=1` runs
// the suite file by file.
process.env.VITEST_MAX_WORKERS ??= "2";

// Each workspace has its own vitest config; the root runs them all.
export default defineConfig({
  test: {
    projects: ["apps/*/vitest.config.ts", "packages/*/vitest.config.ts"],
    sequence: { sequencer: LongestFirstSequencer },
  },
});
