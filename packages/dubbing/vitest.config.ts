import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "dubbing",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 120_000,
    // fixtures are generated and transcribed in beforeAll hooks (tens of seconds on 2 busy cores)
    hookTimeout: 240_000,
  },
});
