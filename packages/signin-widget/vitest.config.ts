import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "signin-widget",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    setupFiles: ["./src/test/setup.ts"],
    // components render into happy-dom and are cleaned up after each test (src/test/setup.ts); no module
    // mocks: files share their workers (docs/decisions/code-and-tests.md)
    pool: "threads",
    isolate: false,
  },
});
