import type { AdminEngines, AdminStorage } from "@dubbing/contract";
import type { EngineRegistry } from "@dubbing/dubbing";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { lastBackupOutcome } from "../backup/outcome.ts";
import { languageAvailability } from "../catalog/availability.ts";
import type { Db } from "../db/client.ts";
import { projects, storyboards, translations, users, workspaceMembers } from "../db/schema.ts";

const ENGINE_KINDS = ["asr", "diarization", "mt", "tts", "separation"] as const;

/** Every configured engine with its probe (cached per process, as the picks use it), and each language. */
export async function enginesNow(registry: EngineRegistry, source: string): Promise<AdminEngines> {
  const engines: AdminEngines["engines"] = [];
  for (const kind of ENGINE_KINDS) {
    for (const engine of registry.list(kind)) {
      const probe = await registry.availability(engine);
      engines.push({
        kind,
        id: engine.id,
        available: probe.ok,
        reason: probe.ok ? null : (probe.reason ?? null),
      });
    }
  }
  const languages = (await languageAvailability(registry, source)).map((l) => ({
    code: l.code,
    name: l.name,
    translate: { available: l.translate.available, engine: l.translate.engine, reason: l.translate.reason },
    tts: l.tts,
    asr: l.asr,
  }));
  return { engines, source, languages };
}

/** What the service stores, counted from its records. */
export async function storageTotals(db: Db, backend: "local" | "s3"): Promise<AdminStorage> {
  const count = async (table: typeof users | typeof projects | typeof storyboards | typeof translations) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n ?? 0;
  };
  const [suspended] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(isNotNull(users.suspendedAt));
  const [bytes] = await db
    .select({ sum: sql<string>`coalesce(sum(${projects.sizeBytes}), 0)` })
    .from(projects);
  const stored = sql<string>`coalesce(sum(${projects.sizeBytes}), 0)`;
  // by who pays for it: the owner of each project's workspace
  const top = await db
    .select({ id: users.id, email: users.email, storedBytes: stored })
    .from(projects)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, projects.workspaceId), eq(workspaceMembers.role, "owner")),
    )
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .groupBy(users.id, users.email)
    .orderBy(desc(stored))
    .limit(10);
  return {
    backend,
    users: await count(users),
    suspendedUsers: suspended?.n ?? 0,
    projects: await count(projects),
    storyboards: await count(storyboards),
    translations: await count(translations),
    uploadedBytes: Number(bytes?.sum ?? 0),
    top: top.map((t) => ({ id: t.id, email: t.email, storedBytes: Number(t.storedBytes) })),
    lastBackup: await lastBackupOutcome(db),
  };
}
