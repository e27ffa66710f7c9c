import { spawn } from "node:child_process";
import { DubError } from "../errors.ts";

interface ProcResult {
  stdout: Buffer;
  stderr: string;
}

interface ProcOptions {
  input?: string | Buffer;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /** Called with each complete stdout line (utf8) as it arrives. */
  onLine?: (line: string) => void;
  /** Called with each complete stderr line (utf8) as it arrives (engines that log progress there). */
  onStderrLine?: (line: string) => void;
}

/**
 * Runs an engine process to completion. Throws DubError engine_failed (with the last stderr lines) on a
 * non-zero exit or when the binary is missing, and aborted (after killing it) when the signal fires.
 */
export function runProcess(cmd: string, args: string[], opts: ProcOptions = {}): Promise<ProcResult> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new DubError("aborted", `${cmd} aborted`));
      return;
    }
    const child = spawn(cmd, args, {
      stdio: [opts.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      env: opts.env ?? process.env,
    });
    const chunks: Buffer[] = [];
    let stderr = "";
    let pending = "";
    let aborted = false;
    child.stdout?.on("data", (c: Buffer) => {
      chunks.push(c);
      if (opts.onLine) {
        pending += c.toString("utf8");
        const lines = pending.split("\n");
        pending = lines.pop() ?? "";
        for (const l of lines) opts.onLine(l);
      }
    });
    let pendingErr = "";
    child.stderr?.on("data", (c: Buffer) => {
      const text = c.toString("utf8");
      stderr = (stderr + text).slice(-8192);
      if (opts.onStderrLine) {
        pendingErr += text;
        const lines = pendingErr.split("\n");
        pendingErr = lines.pop() ?? "";
        for (const l of lines) opts.onStderrLine(l);
      }
    });
    const onAbort = () => {
      aborted = true;
      child.kill("SIGKILL");
    };
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    child.on("error", (err: NodeJS.ErrnoException) => {
      opts.signal?.removeEventListener("abort", onAbort);
      const why = err.code === "ENOENT" ? `${cmd} is not installed` : `cannot run ${cmd}: ${err.message}`;
      reject(new DubError("engine_failed", why, { cause: err }));
    });
    child.on("close", (code, sig) => {
      opts.signal?.removeEventListener("abort", onAbort);
      if (pending && opts.onLine) opts.onLine(pending);
      if (aborted) reject(new DubError("aborted", `${cmd} aborted`));
      else if (code === 0) resolve({ stdout: Buffer.concat(chunks), stderr });
      else {
        const tail = stderr.trim().split("\n").slice(-5).join("\n");
        reject(new DubError("engine_failed", `${cmd} failed (${code ?? sig}): ${tail || "no error output"}`));
      }
    });
    if (opts.input !== undefined && child.stdin) {
      child.stdin.on("error", () => {}); // EPIPE when the process exits early; the exit code tells
      child.stdin.end(opts.input);
    }
  });
}

/** Whether a binary can be run (`cmd --version`-style probe with the given args). */
export async function canRun(cmd: string, args: string[] = ["--version"]): Promise<boolean> {
  try {
    await runProcess(cmd, args);
    return true;
  } catch {
    return false;
  }
}
