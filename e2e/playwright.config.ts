import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CLOUD_ENV } from "../packages/dubbing/src/engines/cloud-env.ts";
import { chromiumLaunchOptions } from "./chromium.ts";

const PORT = Number(process.env.E2E_PORT ?? 18_180);
// Where the server keeps its files; the test workers (which load this file again) inherit it, to inject
// faults there.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `dub-e2e-${process.pid}`);
const DATA_DIR = process.env.E2E_DATA_DIR;

// Browser tests drive the real server (embedded mode, fresh data) in Debian's Chromium.
export default defineConfig({
  testDir: ".",
  outputDir: "../test-results/e2e",
  timeout: 60_000,
  workers: 2,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  webServer: [
    {
      // A stand-in for Google (e2e/oauth-provider.ts), so "Continue with Google" signs in for real.
      command: "node e2e/oauth-provider.ts",
      cwd: "..",
      port: PORT + 1,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { E2E_PORT: String(PORT) },
    },
    {
      command: `rm -rf ${DATA_DIR} && node apps/server/src/main.ts`,
      cwd: "..",
      url: `http://127.0.0.1:${PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      // provider keys are blanked: the app under test uses the local engines
      env: {
        PORT: String(PORT),
        DATA_DIR,
        LOG_LEVEL: "warn",
        ...Object.fromEntries(CLOUD_ENV.map((k) => [k, ""])),
        OAUTH_GOOGLE_CLIENT_ID: "stand-in-client-id",
        OAUTH_GOOGLE_CLIENT_SECRET: "stand-in-client-secret-0123456789",
        OAUTH_GOOGLE_ISSUER: `http://127.0.0.1:${PORT + 1}/google`,
        // the webhook test's receiver listens on this machine
        WEBHOOKS_ALLOW_PRIVATE: "true",
        // the link import test's web site is on this machine (only this address: others stay refused)
        IMPORT_ALLOW_PRIVATE: "127.0.0.1",
        // every test's users ask for their links from 127.0.0.1: more than one person's 30 in 15 minutes
        IDENTITY_RATE_LIMITS: JSON.stringify({ send_per_ip: { limit: 500, windowSeconds: 900 } }),
        // the operator's console test signs in as this operator (e2e/app-admin.spec.ts)
        ADMIN_EMAILS: "operator-e2e@example.com",
      },
    },
  ],
});
