import { defineConfig } from "vitest/config";
import { CLOUD_ENV } from "./src/engines/cloud-env.ts";

export default defineConfig({
  test: {
    name: "dubbing",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // a developer's own provider keys never reach the tests: every engine under test is local or a
    // local stand-in given explicitly
    env: Object.fromEntries(CLOUD_ENV.map((k) => [k, ""])),
    testTimeout: 120_000,
    // fixtures are generated and transcribed in beforeAll hooks (tens of seconds on 2 busy cores)
    hookTimeout: 240_000,
  },
});
