import { defineConfig } from "vitest/config";

// Pure logic runs in Node; a component test opts into a DOM with `// @vitest-environment happy-dom`.
// Files share their workers (`isolate: false`, threads): they start nothing and mock no module, so a
// fresh worker per file only paid for loading React and the app's modules again (docs/decisions/code-and-tests.md).
export default defineConfig({
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "threads",
    isolate: false,
  },
});
