import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { name: "dubbing", include: ["src/**/*.test.ts", "test/**/*.test.ts"], testTimeout: 120_000 },
});
