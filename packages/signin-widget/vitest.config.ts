import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "signin-widget",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    setupFiles: ["./src/test/setup.ts"],
  },
});
