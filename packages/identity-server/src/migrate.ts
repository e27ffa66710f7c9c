import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { IdentityDb } from "./options.ts";

export const IDENTITY_MIGRATIONS_FOLDER = path.join(import.meta.dirname, "../drizzle");
export const IDENTITY_MIGRATIONS_TABLE = "__identity_migrations";

/**
 * Applies the identity provider's own migrations (from `packages/identity-server/drizzle`), recorded in
 * `__identity_migrations` so they never mix with the application's. Works on PGlite and node-postgres.
 */
export async function migrateIdentity(db: IdentityDb): Promise<void> {
  const config = { migrationsFolder: IDENTITY_MIGRATIONS_FOLDER, migrationsTable: IDENTITY_MIGRATIONS_TABLE };
  const migrations = readMigrationFiles(config);
  // Both drizzle drivers' `migrate()` are exactly this call on their dialect and session.
  const internals = db as unknown as {
    dialect: { migrate(m: unknown, s: unknown, c: unknown): Promise<void> };
    session: unknown;
  };
  await internals.dialect.migrate(migrations, internals.session, config);
}
