import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

const ROOT = path.resolve(import.meta.dirname, "../../..");

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    s3Endpoint: string;
  }
}

/** Starts the real services the integration suites run against: a PostgreSQL server and an S3 server. */
export default async function setup(project: TestProject) {
  const pgDir = await mkdtemp(path.join(os.tmpdir(), "dub-pg-"));
  const pgPort = 20_000 + Math.floor(Math.random() * 20_000);
  const postgresUrl = execFileSync(
    path.join(ROOT, "scripts/test-postgres.sh"),
    ["start", pgDir, String(pgPort)],
    {
      encoding: "utf8",
    },
  ).trim();

  const s3Dir = await mkdtemp(path.join(os.tmpdir(), "dub-s3-"));
  const { default: S3rver } = await import("s3rver");
  const s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: s3Dir });
  const address = (await s3.run()) as { port: number };

  project.provide("postgresUrl", postgresUrl);
  project.provide("s3Endpoint", `http://127.0.0.1:${address.port}`);

  return async () => {
    await s3.close();
    execFileSync(path.join(ROOT, "scripts/test-postgres.sh"), ["stop", pgDir]);
    await rm(s3Dir, { recursive: true, force: true });
  };
}
