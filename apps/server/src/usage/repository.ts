import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { usage } from "../db/schema.ts";

/** "2026-11": the calendar month (UTC) that usage counts against. */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export class UsageRepository {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async add(userId: string, kind: "transcribed" | "dubbed", seconds: number, at = new Date()): Promise<void> {
    const field = kind === "transcribed" ? "transcribedSeconds" : "dubbedSeconds";
    await this.db
      .insert(usage)
      .values({ userId, month: monthOf(at), [field]: seconds })
      .onConflictDoUpdate({
        target: [usage.userId, usage.month],
        set: { [field]: sql`${usage[field]} + ${seconds}` },
      });
  }

  async get(userId: string, month: string) {
    const [row] = await this.db
      .select()
      .from(usage)
      .where(and(eq(usage.userId, userId), eq(usage.month, month)));
    return {
      month,
      transcribedSeconds: row?.transcribedSeconds ?? 0,
      dubbedSeconds: row?.dubbedSeconds ?? 0,
    };
  }
}
