import { mkdir } from "node:fs/promises";
import path from "node:path";
import { migrateIdentity } from "@dubbing/identity-server";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { log } from "../logs/context.ts";
import {
  MEMBERSHIP_TRIGGERS_SQL,
  PROJECT_TRIGGERS_SQL,
  SESSION_TRIGGERS_SQL,
  TRANSLATION_TRIGGERS_SQL,
} from "./change-triggers.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

const MIGRATIONS = path.join(import.meta.dirname, "../../drizzle");
// Any constant works; it only serialises migrations between processes starting at once.
const MIGRATION_LOCK = 72_010_001;

// PGlite's own start parameters, plus smaller buffers: the embedded database serves one small machine, and
// 16 MB of shared buffers instead of 128 MB takes ~120 MB off the server's resident memory.
const PGLITE_START_PARAMS = [
  ...["--single", "-F", "-O", "-j"],
  ...["-c", "search_path=public", "-c", "exit_on_error=false", "-c", "log_checkpoints=false"],
  ...[
    "-c",
    "max_worker_processes=0",
    "-c",
    "max_parallel_workers=0",
    "-c",
    "max_parallel_workers_per_gather=0",
  ],
  ...["-c", "io_method=sync", "-c", "max_parallel_maintenance_workers=0"],
  ...["-c", "shared_buffers=16MB", "-c", "work_mem=4MB", "-c", "temp_buffers=2MB", "-c", "wal_buffers=1MB"],
];

export type Database =
  | { kind: "pglite"; db: Db; pglite: PGlite; close(): Promise<void> }
  | { kind: "postgres"; db: Db; pool: pg.Pool; url: string; close(): Promise<void> };

/**
 * Embedded PGlite in `dataDir` (or in memory with `memory: true`), or PostgreSQL at `url`. Runs the app's
 * and the identity provider's migrations (in PostgreSQL under an advisory lock, for processes starting at once).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  memory?: boolean;
  /** In memory, start from this copy of a migrated database (tests: the migrations then find nothing to do). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const lockClient = new pg.Client({ connectionString: opts.url });
    lockClient.on("error", () => {}); // a lost connection fails the migration's own query instead
    await lockClient.connect();
    try {
      await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      const lockedDb = drizzlePg(lockClient, { schema });
      await migratePg(lockedDb, { migrationsFolder: MIGRATIONS });
      await migrateIdentity(lockedDb);
      await lockClient.query(SESSION_TRIGGERS_SQL);
      await lockClient.query(TRANSLATION_TRIGGERS_SQL);
      await lockClient.query(MEMBERSHIP_TRIGGERS_SQL);
    } finally {
      await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      await lockClient.end();
    }
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection that the server ends (a restart, a failover) emits 'error' on the pool; without a
    // listener that kills the process. The pool drops the connection and the next query opens a new one.
    pool.on("error", (error) => log().error({ err: error }, "database connection lost"));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { kind: "postgres", db, pool, url: opts.url, close: () => pool.end() };
  }
  let dir: string | undefined;
  if (!opts.memory) {
    dir = path.join(opts.dataDir ?? "./data", "db");
    await mkdir(dir, { recursive: true });
  }
  const pglite = await PGlite.create({
    ...(dir && { dataDir: dir }),
    ...(opts.memory && opts.loadDataDir && { loadDataDir: opts.loadDataDir }),
    startParams: PGLITE_START_PARAMS,
  });
  const db = drizzlePglite(pglite, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  await migrateIdentity(db);
  await pglite.exec(SESSION_TRIGGERS_SQL);
  await pglite.exec(TRANSLATION_TRIGGERS_SQL);
  await pglite.exec(MEMBERSHIP_TRIGGERS_SQL);
  // only here: the project read cache runs in embedded mode alone (videos/read-cache.ts says why)
  await pglite.exec(PROJECT_TRIGGERS_SQL);
  return { kind: "pglite", db: db as unknown as Db, pglite, close: () => pglite.close() };
}
