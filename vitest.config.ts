import { defineConfig } from "vitest/config";

// Each workspace has its own vitest config; the root runs them all.
export default defineConfig({
  test: {
    projects: ["apps/*/vitest.config.ts", "packages/*/vitest.config.ts"],
  },
});
