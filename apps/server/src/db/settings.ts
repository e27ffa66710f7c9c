import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { settings } from "./schema.ts";

/** A secret generated once and shared by every process through the database. */
export async function sharedSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(settings)
    .values({ key, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row!.value;
}
