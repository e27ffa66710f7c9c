// Builds one migrated PGlite database and saves it; every test file starts from a copy of it instead of
// running initdb and the migrations again (PGlite's initdb is the slow part of each file's setup).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { TestProject } from "vitest/node";
import { migrateIdentity } from "../src/index.ts";

declare module "vitest" {
  export interface ProvidedContext {
    identityDbTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "identity-template-"));
  const file = path.join(dir, "db.tar");
  const pg = new PGlite();
  await migrateIdentity(drizzle(pg));
  const dump = await pg.dumpDataDir("none");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pg.close();
  project.provide("identityDbTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
