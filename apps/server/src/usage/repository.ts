import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type UsageKind, usage } from "../db/schema.ts";

/** "2026-11": the calendar month (UTC) that usage counts against. */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

const FIELD = { transcribed: "transcribedSeconds", dubbed: "dubbedSeconds" } as const;

/** Seconds of a kind to take from a user's month, within a limit (null: none). */
export interface UsageReservation {
  userId: string;
  kind: UsageKind;
  seconds: number;
  limitSeconds: number | null;
  month: string;
}

export class UsageRepository {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async add(userId: string, kind: UsageKind, seconds: number, at = new Date()): Promise<void> {
    const field = FIELD[kind];
    await this.db
      .insert(usage)
      .values({ userId, month: monthOf(at), [field]: seconds })
      .onConflictDoUpdate({
        target: [usage.userId, usage.month],
        set: { [field]: sql`${usage[field]} + ${seconds}` },
      });
  }

  /**
   * Takes `seconds` from the user's month if the month's use stays within `limitSeconds` (null: no limit);
   * false when it would not. One conditional UPDATE: concurrent reservations cannot overspend (the row lock orders them).
   */
  async reserve({ userId, kind, seconds, limitSeconds, month }: UsageReservation) {
    await this.db.insert(usage).values({ userId, month }).onConflictDoNothing();
    const field = FIELD[kind];
    const rows = await this.db
      .update(usage)
      .set({ [field]: sql`${usage[field]} + ${seconds}` })
      .where(
        and(
          eq(usage.userId, userId),
          eq(usage.month, month),
          limitSeconds === null
            ? undefined
            : sql`${usage.transcribedSeconds} + ${usage.dubbedSeconds} + ${seconds} <= ${limitSeconds}`,
        ),
      )
      .returning({ userId: usage.userId });
    return rows.length === 1;
  }

  /** Gives back what a failed run had reserved. */
  async release(userId: string, kind: UsageKind, seconds: number, month: string): Promise<void> {
    const field = FIELD[kind];
    await this.db
      .update(usage)
      .set({ [field]: sql`GREATEST(0, ${usage[field]} - ${seconds})` })
      .where(and(eq(usage.userId, userId), eq(usage.month, month)));
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
