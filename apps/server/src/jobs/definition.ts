// A job is one file (workers/<job>.ts): its queue's name, its payload's schema and its handler. The worker
// role lists them (workers/jobs.ts); the engine is handed that list and names no feature itself.
import { z } from "zod";
import { JobError } from "./retry.ts";

export interface JobSpec<Name extends string, Schema extends z.ZodType, Deps> {
  readonly name: Name;
  /** The payload, checked when the job is sent (JobQueue) and again when it runs (the worker). */
  readonly payload: Schema;
  /** Housekeeping without media work: it neither waits for nor takes one of the process's media slots. */
  readonly light?: boolean;
  /** How many of this queue's jobs one process runs at once (default: 1 when light, else the media slots). */
  readonly concurrency?: number;
  readonly run: (deps: Deps, data: z.infer<Schema>, isLastAttempt: boolean) => Promise<unknown>;
}

export interface JobDefinition<Name extends string, Schema extends z.ZodType, Deps>
  extends JobSpec<Name, Schema, Deps> {
  /** Runs the handler on a payload as the queue gave it, once its schema has read it. */
  readonly runQueued: (deps: Deps, data: unknown, isLastAttempt: boolean) => Promise<unknown>;
}

/** A job from its spec; TypeScript infers the payload's type from its schema. */
export function defineJob<const Name extends string, Schema extends z.ZodType, Deps>(
  job: JobSpec<Name, Schema, Deps>,
): JobDefinition<Name, Schema, Deps> {
  return {
    ...job,
    // One queued before a change, or written by hand, that does not fit fails for good instead of running
    // on a guess.
    runQueued: async (deps, data, isLastAttempt) =>
      job.run(deps, readPayload(job.payload, job.name, data), isLastAttempt),
  };
}

/** Each queue's payload type, by name, from a list of jobs. */
export type PayloadsOf<Jobs extends readonly { name: string; payload: z.ZodType }[]> = {
  [J in Jobs[number] as J["name"]]: z.infer<J["payload"]>;
};

/** Each queue's payload schema, by name. */
export type PayloadSchemas = ReadonlyMap<string, z.ZodType>;

/** The schemas of a list of jobs. */
export function payloadSchemas(jobs: readonly { name: string; payload: z.ZodType }[]): PayloadSchemas {
  return new Map(jobs.map((job) => [job.name, job.payload]));
}

/**
 * The payload as its schema reads it. One that does not fit is a bug in whoever made it: never sent,
 * and never run (a final failure, not retried).
 */
function readPayload<Schema extends z.ZodType>(
  schema: Schema,
  queue: string,
  data: unknown,
): z.infer<Schema> {
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new JobError(
      `the ${queue} job's payload does not fit its schema: ${z.prettifyError(parsed.error)}`,
      {
        retryable: false,
      },
    );
  return parsed.data;
}

/** Checks a payload against its queue's schema before it is sent (JobQueue). */
export function checkPayload(schemas: PayloadSchemas, queue: string, data: unknown): void {
  const schema = schemas.get(queue);
  if (!schema) throw new JobError(`no job is named "${queue}"`, { retryable: false });
  readPayload(schema, queue, data);
}
