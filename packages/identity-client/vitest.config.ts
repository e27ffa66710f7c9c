import { defineConfig } from "vitest/config";

export default defineConfig({
  // pure client logic, no module mocks: files share their workers (docs/decisions/code-and-tests.md)
  test: {
    name: "identity-client",
    include: ["src/**/*.test.ts"],
    environment: "happy-dom",
    pool: "threads",
    isolate: false,
  },
});
