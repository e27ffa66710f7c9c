import { z } from "zod";
import { purge } from "../deletion/purge.ts";
import { defineJob } from "../jobs/definition.ts";
import type { WorkerDeps } from "./deps.ts";

/**
 * The files and cloned voices of a deleted record that the store or the provider refused at the time;
 * an error retries with back-off (JobQueue.enqueuePurge).
 */
export const purgeJob = defineJob({
  name: "purge",
  payload: z.strictObject({
    prefixes: z.array(z.string()),
    /** Translation ids whose TTS clip cache lives on this machine's disk. */
    clipCaches: z.array(z.string()),
    /** Cloned voices ("cloned:<engine>:<id>") to delete at the provider that made them. */
    clonedVoices: z.array(z.string()).optional(),
  }),
  light: true,
  run: (deps: WorkerDeps, target) => purge(deps.storage, deps.cacheDir, target, deps.cloner),
});
