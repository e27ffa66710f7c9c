import { defineConfig } from "vitest/config";

// Pure logic runs in Node; a component test opts into a DOM with `// @vitest-environment happy-dom`.
export default defineConfig({
  test: { name: "web", include: ["src/**/*.test.{ts,tsx}"], environment: "node" },
});
