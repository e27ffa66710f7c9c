import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "identity-server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60000,
    hookTimeout: 60000,
    globalSetup: ["test/global-setup.ts"],
  },
});
