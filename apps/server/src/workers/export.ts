import path from "node:path";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { writeDataExport } from "../account/data-export.ts";
import { dataExports } from "../db/schema.ts";
import { defineJob } from "../jobs/definition.ts";
import { firstLine, runGuarded } from "../jobs/runner.ts";
import { exportKey } from "../storage/keys.ts";
import type { WorkerDeps } from "./deps.ts";

const exportPayload = z.strictObject({ exportId: z.string() });
export type ExportPayload = z.infer<typeof exportPayload>;

/** Makes a user's "Download my data" ZIP and stores it; the export row says when it is ready. */
export async function runExport(deps: WorkerDeps, job: ExportPayload, isLastAttempt: boolean) {
  const db = deps.repo.db;
  const set = (change: Partial<typeof dataExports.$inferInsert>) =>
    db.update(dataExports).set(change).where(eq(dataExports.id, job.exportId));
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, job.exportId));
  if (!row) return; // the account was deleted meanwhile
  await runGuarded(
    { tracker: deps.tracker, trackId: undefined, isLastAttempt, budgetMs: 600_000 },
    (error) => {
      const message = `The export failed: ${firstLine(error)}`;
      return { message, record: () => set({ status: "failed", message, finishedAt: new Date() }) };
    },
    async (scope) => {
      await set({ status: "running" });
      const work = await scope.scratch(deps.scratchDir, "export-");
      const output = path.join(work, "data.zip");
      const size = await writeDataExport(db, row.userId, {
        sign: deps.sign,
        publicUrl: deps.publicUrl,
        output,
        now: new Date(),
      });
      const key = exportKey(row.userId, row.id);
      await deps.storage.putFile(key, output, "application/zip");
      const [still] = await set({ status: "ready", key, sizeBytes: size, finishedAt: new Date() }).returning({
        id: dataExports.id,
      });
      if (!still) return void (await deps.storage.deletePrefix(key.replace(/[^/]+$/, ""))); // the account went
      const url = `${deps.publicUrl}${deps.sign(key, 7 * 86_400, "data.zip")}`;
      await deps.webhooks.emit(row.userId, "export.ready", `export:${row.id}`, {
        exportId: row.id,
        url,
        sizeBytes: size,
      });
    },
  );
}

export const exportJob = defineJob({ name: "export", payload: exportPayload, run: runExport });
