import { defineConfig } from "vitest/config";
import { CLOUD_ENV } from "../../packages/dubbing/src/engines/cloud-env.ts";

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // a developer's own provider keys never reach the tests: every engine under test is local or a
    // local stand-in given explicitly
    env: Object.fromEntries(CLOUD_ENV.map((k) => [k, ""])),
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // Integration files each start a server; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
