// The last backup's outcome, kept in the database so the operator console shows it (and a restart
// keeps it): when, which backup, whether it was written, and if not, why.
import type { BackupOutcome } from "@dubbing/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { settings } from "../db/schema.ts";

const KEY = "last_backup";

export async function recordBackupOutcome(db: Db, outcome: BackupOutcome): Promise<void> {
  const value = JSON.stringify(outcome);
  await db
    .insert(settings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

export async function lastBackupOutcome(db: Db): Promise<BackupOutcome | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return row ? (JSON.parse(row.value) as BackupOutcome) : null;
}
