// The Piper worker's client: one Python process (packages/dubbing/python/piper_worker.py, whose header
// documents the protocol), started when a line is to be spoken and stopped after idling, so an idle
// server runs nothing. `threads` requests run at once (one per core). A request that fails, crashes the
// process or passes its deadline fails alone: the process is killed and started again, and the other
// requests it held are sent again, one at a time, so that a line that kills the worker cannot take an
// innocent one down with it twice.
import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { hold } from "../asr/worker.ts";
import type { Clip } from "../engines/types.ts";
import { DubError } from "../errors.ts";

export interface PiperJob {
  /** The voice's `.onnx` (its `.onnx.json` beside it). */
  model: string;
  text: string;
  /** Speaking rate relative to the voice's own: its length scale is divided by it. */
  rate: number;
}

export interface PiperWorkerOptions {
  python: string;
  script: string;
  /** Requests at once (the worker's threads). */
  threads?: number;
  /** The process stops after this long without a request (ms). */
  idleMs?: number;
  /** A request taking longer than this (ms) for its text is taken for a hang. */
  deadlineMs?: (text: string) => number;
}

interface Message {
  id: string | null;
  type: "result" | "error" | "pong";
  sampleRate?: number;
  samples?: string;
  code?: string;
  message?: string;
}

interface Pending {
  id: string;
  job: PiperJob;
  /** Sent again after the process died under it: runs alone. */
  retried: boolean;
  resolve: (c: Clip) => void;
  reject: (e: Error) => void;
  timer?: NodeJS.Timeout;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/** Pure: the generous time one line may take (a slow, loaded CPU runs a line in about its length). */
export function defaultDeadlineMs(text: string): number {
  return 30_000 + 200 * text.length;
}

/** Pure: the worker's error answer as the pipeline's error. */
export function piperError(code: string | undefined, message: string | undefined): DubError {
  const text = message ?? "unknown error";
  if (code === "bad_text") return new DubError("invalid_segment", `Piper: ${text}`);
  if (code === "bad_model") return new DubError("engine_failed", `Piper: bad voice: ${text}`);
  return new DubError("engine_failed", `Piper failed: ${text}`);
}

/** Pure: little-endian float32 samples from base64. */
export function decodeSamples(b64: string): Float32Array {
  const bytes = Buffer.from(b64, "base64");
  const out = new Float32Array(bytes.length >> 2);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4);
  return out;
}

type Child = ChildProcessByStdio<Writable, Readable, Readable>;

export class PiperWorker {
  readonly #opts: Required<PiperWorkerOptions>;
  #child: Child | null = null;
  #stderr = "";
  #next = 0;
  #waiting: Pending[] = [];
  #running = new Map<string, Pending>();
  #idle: NodeJS.Timeout | undefined;
  /** How many processes were started (a test reads it to see a restart or an idle stop). */
  starts = 0;

  constructor(opts: PiperWorkerOptions) {
    this.#opts = {
      ...opts,
      threads: opts.threads ?? 2,
      idleMs: opts.idleMs ?? 60_000,
      deadlineMs: opts.deadlineMs ?? defaultDeadlineMs,
    };
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** Speaks one text; the clip is the sentences' clips joined. */
  synthesize(job: PiperJob, signal?: AbortSignal): Promise<Clip> {
    if (signal?.aborted) return Promise.reject(new DubError("aborted", "speech synthesis aborted"));
    return new Promise<Clip>((resolve, reject) => {
      const p: Pending = { id: String(++this.#next), job, retried: false, resolve, reject, signal };
      p.onAbort = () => this.#settle(p, new DubError("aborted", "speech synthesis aborted"));
      signal?.addEventListener("abort", p.onAbort, { once: true });
      this.#waiting.push(p);
      this.#pump();
    });
  }

  /** Stops the process now (the next request starts another). */
  close(): void {
    clearTimeout(this.#idle);
    const child = this.#child;
    this.#child = null;
    child?.kill("SIGKILL");
  }

  #pump(): void {
    clearTimeout(this.#idle);
    for (;;) {
      const next = this.#waiting[0];
      if (!next) break;
      // a request sent again runs alone, and nothing runs beside it
      const alone = [...this.#running.values()].some((r) => r.retried);
      if (alone || (next.retried && this.#running.size > 0)) break;
      if (this.#running.size >= this.#opts.threads) break;
      this.#waiting.shift();
      this.#send(next);
    }
    if (!this.#child) return;
    const busy = this.#running.size > 0;
    // an idle worker keeps no process alive (a CLI run ends when its dub does)
    hold(this.#child, busy);
    if (!busy && this.#waiting.length === 0) {
      this.#idle = setTimeout(() => this.close(), this.#opts.idleMs);
      this.#idle.unref();
    }
  }

  #send(p: Pending): void {
    const child = this.#start();
    this.#running.set(p.id, p);
    p.timer = setTimeout(() => {
      this.#settle(p, new DubError("engine_failed", "Piper did not answer in time: the worker is restarted"));
      if (this.#child === child) this.#crash(child, "a request passed its deadline");
    }, this.#opts.deadlineMs(p.job.text));
    child.stdin.write(`${JSON.stringify({ id: p.id, op: "synthesize", ...p.job })}\n`);
  }

  /** Settles a request once, whatever comes first (answer, abort, deadline, crash). */
  #settle(p: Pending, result: Clip | Error): void {
    const wasRunning = this.#running.delete(p.id);
    const i = this.#waiting.indexOf(p);
    if (i >= 0) this.#waiting.splice(i, 1);
    else if (!wasRunning) return;
    this.#finish(p, result);
    this.#pump();
  }

  #finish(p: Pending, result: Clip | Error): void {
    clearTimeout(p.timer);
    p.signal?.removeEventListener("abort", p.onAbort as () => void);
    if (result instanceof Error) p.reject(result);
    else p.resolve(result);
  }

  /** The process died or hung: kill it; what it held is sent again once, else fails. */
  #crash(child: Child, why: string): void {
    if (this.#child !== child) return;
    this.#child = null;
    child.kill("SIGKILL");
    const last = this.#stderr.trim().split("\n").slice(-3).join(" | ");
    const held = [...this.#running.values()];
    this.#running.clear();
    const again: Pending[] = [];
    for (const p of held) {
      clearTimeout(p.timer);
      if (p.retried)
        this.#finish(
          p,
          // twice on this line: the line's doing, which the job queue does not retry
          new DubError(
            "engine_crashed",
            `the Piper worker stopped twice on this line (${why})${last ? `: ${last}` : ""}`,
          ),
        );
      else {
        p.retried = true;
        again.push(p);
      }
    }
    this.#waiting.unshift(...again);
    this.#pump();
  }

  #start(): Child {
    if (this.#child) return this.#child;
    const child = spawn(
      this.#opts.python,
      ["-u", this.#opts.script, "--threads", String(this.#opts.threads)],
      {
        stdio: ["pipe", "pipe", "pipe"],
        env: { ...process.env, OMP_NUM_THREADS: "1" },
      },
    );
    this.starts++;
    this.#stderr = "";
    let pending = "";
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        let msg: Message;
        try {
          msg = JSON.parse(line) as Message;
        } catch {
          continue;
        }
        const p = this.#running.get(msg.id ?? "");
        if (!p) continue;
        if (msg.type === "result" && msg.samples !== undefined)
          this.#settle(p, { samples: decodeSamples(msg.samples), sampleRate: msg.sampleRate ?? 22050 });
        else if (msg.type === "error") this.#settle(p, piperError(msg.code, msg.message));
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString("utf8")).slice(-4000);
    });
    child.stdin.on("error", () => {});
    child.on("error", (err) => this.#crash(child, `cannot start ${this.#opts.python}: ${err.message}`));
    child.on("exit", (code, sig) =>
      this.#crash(child, sig ? `killed by ${sig}` : `exited with code ${code}`),
    );
    this.#child = child;
    return child;
  }
}
