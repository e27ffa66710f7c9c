import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

// Seconds: a page answers in milliseconds, an upload or Prefer: wait in minutes.
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
// A job takes seconds (a translation) to an hour (a long dub).
const JOB_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1200, 3600];
const ENGINE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * One process's metrics (its own registry, so servers started side by side in one test process keep
 * their counts apart). Recorded where things happen; the queue and storage gauges are read from the
 * database when scraped (collect.ts).
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: "dub_http_requests_total",
    help: "HTTP requests answered, by method, matched route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: "dub_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, matched route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  readonly jobs = new Counter({
    name: "dub_jobs_total",
    help: "Jobs run by this worker, by queue and result (failed attempts that will be retried count as failed)",
    labelNames: ["kind", "result"] as const,
    registers: [this.registry],
  });
  readonly jobDuration = new Histogram({
    name: "dub_job_duration_seconds",
    help: "How long a job ran, by queue and result",
    labelNames: ["kind", "result"] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });
  readonly engineCalls = new Counter({
    name: "dub_engine_calls_total",
    help: "Calls to an AI engine, by kind (asr, mt, tts, diarization), engine and result",
    labelNames: ["kind", "engine", "result"] as const,
    registers: [this.registry],
  });
  readonly engineDuration = new Histogram({
    name: "dub_engine_call_duration_seconds",
    help: "Time of an AI engine call, by kind and engine",
    labelNames: ["kind", "engine"] as const,
    buckets: ENGINE_BUCKETS,
    registers: [this.registry],
  });
  readonly uploads = new Counter({
    name: "dub_uploads_total",
    help: "Video uploads, by result (accepted, or the refusal's status)",
    labelNames: ["result"] as const,
    registers: [this.registry],
  });
  readonly uploadedBytes = new Counter({
    name: "dub_uploaded_bytes_total",
    help: "Bytes of accepted uploads (their Content-Length)",
    registers: [this.registry],
  });
  readonly backups = new Counter({
    name: "dub_backups_total",
    help: "Embedded-mode backups, by trigger (requested by npm run backup, or scheduled by BACKUP_DIR) and result",
    labelNames: ["trigger", "result"] as const,
    registers: [this.registry],
  });
  readonly signIns = new Counter({
    name: "dub_sign_ins_total",
    help: "Identity sign-ins completed or refused, by method and result",
    labelNames: ["method", "result"] as const,
    registers: [this.registry],
  });
  readonly queueDepth = new Gauge({
    name: "dub_queue_depth",
    help: "Jobs waiting to run, by kind (from the database: the same on every process)",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });
  readonly queueOldest = new Gauge({
    name: "dub_queue_oldest_age_seconds",
    help: "Age of the oldest job waiting to run, by kind (0 when none waits)",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });
  readonly jobsRunning = new Gauge({
    name: "dub_jobs_running",
    help: "Jobs running now over all workers, by kind",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });
  readonly storedBytes = new Gauge({
    name: "dub_stored_video_bytes",
    help: "Bytes of the uploaded videos kept (all projects)",
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: "dub_" });
  }

  /** Times a job: call the answer with its result when it ends. */
  jobStarted(kind: string): (result: "done" | "failed") => void {
    const end = this.jobDuration.startTimer({ kind });
    return (result) => {
      end({ result });
      this.jobs.inc({ kind, result });
    };
  }
}
