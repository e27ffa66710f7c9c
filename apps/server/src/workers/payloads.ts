// What each queue's job carries, declared here by the worker role into the engine's JobPayloads
// (jobs/runner.ts names no feature's type) from its list of jobs: JobQueue.start and the handlers are
// checked against it, and each payload against its schema when it is sent and when it runs.
import type { PayloadsOf } from "../jobs/definition.ts";
import type { JOBS } from "./jobs.ts";

declare module "../jobs/runner.ts" {
  interface JobPayloads extends PayloadsOf<typeof JOBS> {}
}
