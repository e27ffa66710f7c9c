// The neural translation worker's client: one Python process (packages/dubbing/python/mt_worker.py,
// whose header documents the protocol), started when a translation needs it and stopped after idling,
// so an idle server runs nothing. Requests run one after the other. A request that fails fails alone; a
// process that dies or passes a request's deadline is killed and fails what it held (the next request
// starts another).
import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { hold } from "../asr/worker.ts";
import { DubError } from "../errors.ts";

export interface NeuralJob {
  /** The `.argosmodel` file. */
  model: string;
  texts: string[];
  /** Hypotheses per text, best first (1: the translation alone). */
  alternatives?: number;
  beam?: number;
}

export interface NeuralAnswer {
  texts: string[];
  alternatives: string[][];
}

interface Message {
  id: string | null;
  type: "result" | "error" | "pong";
  texts?: string[];
  alternatives?: string[][];
  code?: string;
  message?: string;
  peakRssMb?: number;
}

interface Pending {
  resolve: (m: Message) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

type Child = ChildProcessByStdio<Writable, Readable, Readable>;

/** Pure: the generous time a request may take (a loaded 2-core machine: ~0.1 s a line, and the load). */
export const deadlineMs = (texts: readonly string[]) =>
  60_000 + 2_000 * texts.length + 20 * texts.join("").length;

export class NeuralWorker {
  readonly #python: string;
  readonly #script: string;
  readonly #threads: number;
  readonly #idleMs: number;
  #child: Child | null = null;
  #stderr = "";
  #next = 0;
  #pending = new Map<string, Pending>();
  #queue: Promise<unknown> = Promise.resolve();
  #idle: NodeJS.Timeout | undefined;

  constructor(o: { python: string; script: string; threads?: number; idleMs?: number }) {
    this.#python = o.python;
    this.#script = o.script;
    this.#threads = o.threads ?? 2;
    this.#idleMs = o.idleMs ?? 60_000;
  }

  /** Translates the texts (one request; requests wait their turn). */
  translate(job: NeuralJob, signal?: AbortSignal): Promise<NeuralAnswer> {
    const run = this.#queue.then(async () => {
      if (signal?.aborted) throw new DubError("aborted", "translation aborted");
      const m = await this.#request({ op: "translate", ...job }, deadlineMs(job.texts), signal);
      if (m.type === "error") {
        const code = m.code === "bad_text" ? "invalid_segment" : "engine_failed";
        throw new DubError(code, `neural translation: ${m.message ?? "failed"}`);
      }
      return { texts: m.texts ?? [], alternatives: m.alternatives ?? [] };
    });
    this.#queue = run.catch(() => {});
    return run;
  }

  /** The worker's peak memory so far (MB), starting it if needed. */
  async peakRssMb(): Promise<number> {
    return (await this.#request({ op: "ping" }, 30_000)).peakRssMb ?? 0;
  }

  close(): void {
    clearTimeout(this.#idle);
    const child = this.#child;
    this.#child = null;
    child?.kill("SIGKILL");
  }

  #request(body: Record<string, unknown>, timeoutMs: number, signal?: AbortSignal): Promise<Message> {
    clearTimeout(this.#idle);
    const child = this.#start();
    const id = String(++this.#next);
    return new Promise<Message>((resolve, reject) => {
      const onAbort = () => {
        this.#fail(child, new DubError("aborted", "translation aborted"));
      };
      const done = () => {
        signal?.removeEventListener("abort", onAbort);
        this.#pending.delete(id);
        if (this.#pending.size === 0 && this.#child) {
          hold(this.#child, false);
          this.#idle = setTimeout(() => this.close(), this.#idleMs);
          this.#idle.unref();
        }
      };
      const timer = setTimeout(
        () =>
          this.#fail(child, new DubError("engine_failed", "the translation worker did not answer in time")),
        timeoutMs,
      );
      this.#pending.set(id, {
        resolve: (m) => {
          clearTimeout(timer);
          done();
          resolve(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          done();
          reject(e);
        },
        timer,
      });
      signal?.addEventListener("abort", onAbort, { once: true });
      hold(child, true);
      child.stdin.write(`${JSON.stringify({ id, ...body })}\n`);
    });
  }

  /** Kills the process and fails every request it held. */
  #fail(child: Child, err: Error): void {
    if (this.#child === child) this.#child = null;
    child.kill("SIGKILL");
    for (const p of [...this.#pending.values()]) p.reject(err);
  }

  #start(): Child {
    if (this.#child) return this.#child;
    const child = spawn(this.#python, ["-u", this.#script, "--threads", String(this.#threads)], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, OMP_NUM_THREADS: String(this.#threads) },
    });
    this.#stderr = "";
    let buffered = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        let m: Message;
        try {
          m = JSON.parse(line) as Message;
        } catch {
          continue;
        }
        this.#pending.get(m.id ?? "")?.resolve(m);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString("utf8")).slice(-4000);
    });
    child.stdin.on("error", () => {});
    const died = (why: string) => {
      const last = this.#stderr.trim().split("\n").slice(-3).join(" | ");
      this.#fail(
        child,
        new DubError("engine_crashed", `the translation worker ${why}${last ? `: ${last}` : ""}`),
      );
    };
    child.on("error", (err) => died(`could not start (${this.#python}: ${err.message})`));
    child.on("exit", (code, sig) => died(sig ? `was killed by ${sig}` : `exited with code ${code}`));
    this.#child = child;
    return child;
  }
}
