import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { name: "identity-client", include: ["src/**/*.test.ts"], environment: "happy-dom" },
});
