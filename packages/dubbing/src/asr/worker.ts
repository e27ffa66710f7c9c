// The speech recognition worker's client: one long-lived Python process (packages/dubbing/python/
// asr_worker.py, whose header documents the protocol), started on first use and again after it died.
// Jobs go to it one at a time (it has the CPU's threads to itself); a job that is cancelled, runs past
// its signal, or grows the process past its memory bound is ended by killing the process. A job the
// process dies under is sent once more to a new process; dying twice on the same file (or passing the
// memory bound) is the file's doing, so it fails as `engine_crashed`, which the job queue does not retry.
import { type ChildProcessByStdio, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import type { Readable, Writable } from "node:stream";
import { DubError } from "../errors.ts";

export interface WorkerWord {
  text: string;
  start: number;
  end: number;
  confidence: number;
}

export interface WorkerResult {
  language: string;
  languageProbability: number;
  words: WorkerWord[];
  peakRssMb: number;
  /** How many windows the file was decoded in. */
  windows: number;
  /** How many of them this request decoded (the others were resumed from). */
  decoded: number;
}

/** Where a job stands after a window (the worker's "window" message), and what it resumes from. */
export interface WindowState {
  /** Windows done. */
  windows: number;
  /** The next window's first sample. */
  fromSample: number;
  /** The decode's language so far (null: still to be detected). */
  language: string | null;
  /** The language found so far, as the result gives it. */
  found: { language: string; languageProbability: number } | null;
}

/** A window's message: the words from index `from` on replace those the job had (see asr_worker.py). */
export interface WindowDone extends WindowState {
  from: number;
  words: WorkerWord[];
}

/** What a job resumes from: the state after its last window and every word until then. */
export interface Resume extends WindowState {
  words: WorkerWord[];
}

export interface WorkerJob {
  file: string;
  /** The model's folder. */
  model: string;
  /** null: detect the language. */
  language: string | null;
  threads: number;
  beamSize?: number;
  /**
   * The worker decodes the file a window of this many seconds at a time (default 120), each cut at a
   * quiet moment, so its memory does not grow with the file's length.
   */
  windowS?: number;
  /** Go on after the windows a previous request of the same job finished. */
  resume?: Resume;
}

/** A job's callbacks: its progress and each window's end. */
export interface RunCallbacks {
  signal?: AbortSignal;
  onProgress?: (f: number) => void;
  onWindow?: (w: WindowDone) => void;
}

export interface WorkerOptions {
  python: string;
  script: string;
  /** The worker is killed when its resident memory passes this (MiB). */
  maxRssMb?: number;
  /** How long a cancelled job may take to stop before the process is killed (ms). */
  graceMs?: number;
}

interface Message {
  id: string | null;
  type: "progress" | "window" | "result" | "error" | "pong";
  fraction?: number;
  code?: string;
  message?: string;
}

/** Pure: the worker's error answer as the pipeline's error. */
export function workerError(code: string | undefined, message: string | undefined): DubError {
  const text = message ?? "unknown error";
  if (code === "cancelled") return new DubError("aborted", "speech recognition aborted");
  if (code === "bad_audio")
    return new DubError("engine_failed", `speech recognition: unreadable audio: ${text}`);
  if (code === "bad_model") return new DubError("engine_failed", `speech recognition: bad model: ${text}`);
  return new DubError("engine_failed", `speech recognition failed: ${text}`);
}

/** Pure: resident memory (MiB) from /proc/<pid>/status. */
export function rssMbOf(status: string): number {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return m ? Number(m[1]) / 1024 : 0;
}

/** The process died under a job by no doing of ours (not a cancel, not the memory bound). */
class Died extends Error {}

type Child = ChildProcessByStdio<Writable, Readable, Readable>;

/** Whether the process and its pipes keep Node's event loop alive (only while a job runs). */
export function hold(child: Child, on: boolean): void {
  for (const h of [child, child.stdin, child.stdout, child.stderr] as unknown as {
    ref(): void;
    unref(): void;
  }[])
    if (on) h.ref?.();
    else h.unref?.();
}

export class AsrWorker {
  readonly #opts: Required<WorkerOptions>;
  #child: Child | null = null;
  #stderr = "";
  #next = 0;
  /** The job in the worker now: its id and how to settle it. */
  #current: { id: string; onMessage: (m: Message) => void; onExit: (why: string) => void } | null = null;
  /** Jobs waiting their turn. */
  #queue: (() => void)[] = [];
  #busy = false;
  /** How many processes were started (a test reads it to see a restart). */
  starts = 0;

  constructor(opts: WorkerOptions) {
    this.#opts = { maxRssMb: 1024, graceMs: 3000, ...opts };
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  #start(): Child {
    if (this.#child) return this.#child;
    const child = spawn(this.#opts.python, ["-u", this.#opts.script], {
      stdio: ["pipe", "pipe", "pipe"],
      // one OpenMP pool per job's threads; no progress bars from libraries
      env: { ...process.env, OMP_NUM_THREADS: undefined, TQDM_DISABLE: "1", HF_HUB_OFFLINE: "1" },
    });
    this.starts++;
    this.#stderr = "";
    let pending = "";
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.trim()) continue;
        let msg: Message;
        try {
          msg = JSON.parse(line) as Message;
        } catch {
          continue;
        }
        if (this.#current && msg.id === this.#current.id) this.#current.onMessage(msg);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString("utf8")).slice(-4000);
    });
    child.stdin.on("error", () => {});
    const gone = (why: string) => {
      if (this.#child !== child) return;
      this.#child = null;
      this.#current?.onExit(why);
    };
    child.on("error", (err) => gone(`cannot start ${this.#opts.python}: ${err.message}`));
    child.on("exit", (code, sig) => gone(sig ? `killed by ${sig}` : `exited with code ${code}`));
    this.#child = child;
    return child;
  }

  #kill(): void {
    this.#child?.kill("SIGKILL");
  }

  /** Stops the process (the next job starts another). */
  close(): void {
    const child = this.#child;
    this.#child = null;
    child?.kill("SIGKILL");
  }

  /** Runs one job when the worker is free. */
  async transcribe(job: WorkerJob, opts: RunCallbacks = {}): Promise<WorkerResult> {
    if (this.#busy) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#busy = true;
    try {
      return await this.#run(job, opts).catch((err: unknown) => {
        if (!(err instanceof Died)) throw err;
        return this.#run(job, opts).catch((again: unknown) => {
          if (!(again instanceof Died)) throw again;
          throw new DubError(
            "engine_crashed",
            `the speech recognition worker stopped twice on this file (${again.message}); it starts again for the next job`,
          );
        });
      });
    } finally {
      this.#busy = false;
      this.#queue.shift()?.();
    }
  }

  #run(job: WorkerJob, opts: RunCallbacks): Promise<WorkerResult> {
    const { signal } = opts;
    if (signal?.aborted) return Promise.reject(new DubError("aborted", "speech recognition aborted"));
    const id = String(++this.#next);
    const child = this.#start();
    hold(child, true);
    return new Promise<WorkerResult>((resolve, reject) => {
      let grace: NodeJS.Timeout | undefined;
      let failure: DubError | null = null;
      const memory = setInterval(() => {
        if (!child.pid) return;
        readFile(`/proc/${child.pid}/status`, "utf8").then(
          (s) => {
            const rss = rssMbOf(s);
            if (rss > this.#opts.maxRssMb && this.#child === child) {
              failure = new DubError(
                "engine_crashed",
                `speech recognition used ${Math.round(rss)} MB, more than its ${this.#opts.maxRssMb} MB bound: stopped`,
              );
              this.#kill();
            }
          },
          () => {},
        );
      }, 500);
      const onAbort = () => {
        failure = new DubError("aborted", "speech recognition aborted");
        child.stdin.write(`${JSON.stringify({ id, op: "cancel" })}\n`);
        // a decode that does not reach its next segment in time is cut short
        grace = setTimeout(() => this.#kill(), this.#opts.graceMs);
      };
      const done = () => {
        clearInterval(memory);
        clearTimeout(grace);
        signal?.removeEventListener("abort", onAbort);
        this.#current = null;
        hold(child, false);
      };
      this.#current = {
        id,
        onMessage: (m) => {
          if (m.type === "progress") opts.onProgress?.(m.fraction ?? 0);
          else if (m.type === "window") opts.onWindow?.(m as unknown as WindowDone);
          else if (m.type === "result") {
            done();
            resolve(m as unknown as WorkerResult);
          } else if (m.type === "error") {
            done();
            reject(failure ?? workerError(m.code, m.message));
          }
        },
        onExit: (why) => {
          done();
          const last = this.#stderr.trim().split("\n").slice(-3).join(" | ");
          reject(failure ?? new Died(`${why}${last ? `: ${last}` : ""}`));
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      child.stdin.write(`${JSON.stringify({ id, op: "transcribe", ...job })}\n`);
    });
  }
}
