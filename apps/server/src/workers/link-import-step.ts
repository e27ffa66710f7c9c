import { eq } from "drizzle-orm";
import { jobs } from "../db/schema.ts";
import { firstLine, type JobScope } from "../jobs/runner.ts";
import { downloadLink } from "../link-import/download.ts";
import { LinkError } from "../link-import/errors.ts";
import { explainRefusal } from "../net/refusal-hint.ts";
import { type PlanId, planNamed } from "../plans/plans.ts";
import { type ProjectRow, VideoRepository } from "../projects/repository.ts";
import { projectKeys, projectPrefix } from "../storage/keys.ts";
import { reserveMinutes } from "../usage/reserve.ts";
import { checkVideoFile, storedFileColumns } from "../videos/service.ts";
import { storedExtension } from "../videos/upload.ts";
import { payerOf } from "../workspaces/repository.ts";
import type { WorkerDeps } from "./deps.ts";

/** A download that sends nothing for this long fails (retried: it may be the network). */
const IDLE_MS = 30_000;
/** The longest a link's download may take, whatever its size. */
export const DOWNLOAD_MS = 15 * 60_000;

/** What the ingest job's payload says of a link import: the plan when the link was accepted. */
export interface LinkImportJob {
  plan: PlanId;
}

/**
 * The first step of a linked project's ingest, in the worker: download the link (the SSRF guard on every
 * connection, the plan's size cap while streaming), put the file through the upload's checks, then store
 * it and take its minutes (by the measured duration) in one transaction with the job's charge, so a
 * failure later gives them back. Answers the project as it now is, an uploaded one.
 */
export async function importLinkedVideo(
  deps: WorkerDeps,
  project: ProjectRow,
  job: { trackId?: string; link: LinkImportJob },
  run: { scope: JobScope; report: (progress: number, label: string) => Promise<void> },
): Promise<ProjectRow> {
  const { scope, report } = run;
  const { repo, storage } = deps;
  const plan = planNamed(deps.plans, job.link.plan);
  const payer = await payerOf(repo.db, project.workspaceId);
  const room = plan.storedBytes === null ? Infinity : plan.storedBytes - (await repo.storedBytesOf(payer));
  const maxBytes = Math.min(deps.linkImport.maxBytes, room);
  if (maxBytes <= 0)
    throw new LinkError(`your ${plan.name} plan's storage is full: delete a project or upgrade your plan`);
  await report(0, "Downloading the video");
  const work = await scope.scratch(deps.scratchDir, "import-");
  const file = await downloadLink(project.sourceUrl!, work, {
    allow: deps.linkImport.allow,
    ytDlpBin: deps.linkImport.ytDlpBin,
    maxBytes,
    idleMs: IDLE_MS,
    signal: AbortSignal.any([scope.signal, AbortSignal.timeout(DOWNLOAD_MS)]),
  });
  await report(1, "Checking the video");
  const probed = await checkVideoFile(file, plan.maxVideoSeconds);
  const originalKey = projectKeys(project.id).original(storedExtension(file.name, probed.formatName));
  await storage.putFile(originalKey, file.path);
  const change = storedFileColumns(originalKey, file, probed);
  try {
    await repo.db.transaction(async (tx) => {
      const seconds = probed.durationMs / 1000;
      const month = await reserveMinutes(tx, {
        userId: payer,
        plan,
        kind: "transcribed",
        seconds,
        what: "upload",
      });
      // on the job's row, so that a failure of the ingest gives the minutes back
      if (job.trackId)
        await tx
          .update(jobs)
          .set({
            chargedSeconds: seconds,
            chargeKind: "transcribed",
            chargeMonth: month,
            chargeUserId: payer,
          })
          .where(eq(jobs.id, job.trackId));
      await new VideoRepository(tx).setState(project.id, change);
    });
  } catch (error) {
    await storage.deletePrefix(projectPrefix(project.id)).catch(() => {});
    throw error;
  }
  return { ...project, ...change };
}

/** The project's failure message: a link not downloaded (or refused once downloaded) says so. */
export function importFailure(error: unknown, whileImporting: boolean): string {
  const reason = whileImporting ? explainRefusal(firstLine(error), "IMPORT_ALLOW_PRIVATE") : firstLine(error);
  if (!whileImporting) return `Processing failed: ${reason}`;
  if (error instanceof LinkError) return `The link could not be downloaded: ${reason}.`;
  return `The linked video was refused: ${reason}`;
}
