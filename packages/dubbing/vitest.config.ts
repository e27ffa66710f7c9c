import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "dubbing",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 120_000,
    // fixtures are generated and transcribed in beforeAll hooks (tens of seconds on 2 busy cores)
    hookTimeout: 240_000,
    // no module mocks and no process-wide state the files change: they share their workers instead of
    // loading the pipeline's modules again per file (docs/decisions/code-and-tests.md); forks, for ffmpeg's children
    isolate: false,
  },
});
