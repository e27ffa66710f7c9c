import { configDefaults, defineConfig } from "vitest/config";

/** Suites that run several processes or their own PostgreSQL: left out of `make test-fast`. */
const MULTI_PROCESS = [
  "scale-out",
  "crash-recovery",
  "resume-transcription",
  "backup",
  "logs",
  "private-files",
].map((s) => `test/${s}.test.ts`);

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // TEST_MODES=embedded (make test-fast): the embedded half of every suite (test/harness.ts's MODES)
    exclude: [...configDefaults.exclude, ...(process.env.TEST_MODES === "embedded" ? MULTI_PROCESS : [])],
    // Forks, each file in its own (the default, chosen): integration files start servers, whose process-wide
    // state (log configuration, pg-boss, signal handlers) must not meet the next file's.
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
