import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "../../../e2e/chromium.ts";

const PORT = Number(process.env.WIDGET_E2E_PORT ?? 18_290);

// Browser tests of the widget against the real identity server (e2e/server.ts) in Debian's Chromium.
export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: "../test-results/e2e",
  timeout: 45_000,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 520, height: 900 },
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: "node e2e/server.ts",
    cwd: "..",
    url: `http://localhost:${PORT}/__test/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { WIDGET_E2E_PORT: String(PORT) },
  },
});
