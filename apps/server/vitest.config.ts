import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // Integration files each start a server; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
