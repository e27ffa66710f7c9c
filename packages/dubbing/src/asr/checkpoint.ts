// The recognition's checkpoint (issue #61): after each window the worker finishes, the words so far and
// where the next window starts are written to a small JSON file; a transcription started again (a worker
// restarted mid-way) resumes from it and decodes only the windows after it. The file is keyed by the
// audio's bytes (SHA-256) and every setting that changes the words (model, language, beam, window), so a
// changed input or setting never reuses stale words: it starts over and overwrites the file.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { AsrWorker, Resume, RunCallbacks, WindowDone, WorkerJob, WorkerResult } from "./worker.ts";

/** The worker's window when the job does not say (asr_worker.py's WINDOW_S). */
const DEFAULT_WINDOW_S = 120;

export interface Checkpoint extends Resume {
  /** checkpointKey of the audio and the settings the words were decoded with. */
  key: string;
}

/** SHA-256 (hex) of a file's bytes, read as a stream. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Pure: the key of a job's words: the audio's hash and the settings that change them. */
export function checkpointKey(audioSha256: string, job: WorkerJob): string {
  const settings = {
    audio: audioSha256,
    model: job.model,
    language: job.language,
    beamSize: job.beamSize ?? 5,
    windowS: job.windowS ?? DEFAULT_WINDOW_S,
  };
  return createHash("sha256").update(JSON.stringify(settings)).digest("hex");
}

/** Pure: the checkpoint after a window's message (its words replace those from `from` on). */
export function afterWindow(cp: Checkpoint, w: WindowDone): Checkpoint {
  return {
    key: cp.key,
    windows: w.windows,
    fromSample: w.fromSample,
    language: w.language,
    found: w.found,
    words: [...cp.words.slice(0, w.from), ...w.words],
  };
}

/** Pure: a checkpoint read back, when it is one and its key is `key`; null otherwise. */
export function matchingCheckpoint(text: string, key: string): Checkpoint | null {
  try {
    const cp = JSON.parse(text) as Partial<Checkpoint>;
    if (cp.key !== key || !Array.isArray(cp.words)) return null;
    if (!Number.isInteger(cp.windows) || !Number.isInteger(cp.fromSample)) return null;
    return cp as Checkpoint;
  } catch {
    return null;
  }
}

/**
 * Runs `job` on the worker, resuming from the checkpoint in `file` when its key matches (the audio and
 * the settings), and writing the checkpoint after every window (whole files only: a temporary file
 * renamed). `onCheckpoint` hears of each write. The file is left in place: the caller removes it once
 * the transcription is kept.
 */
export async function transcribeResumable(
  worker: AsrWorker,
  job: WorkerJob,
  opts: RunCallbacks & { file: string; onCheckpoint?: (cp: Checkpoint) => void },
): Promise<WorkerResult> {
  const key = checkpointKey(await fileSha256(job.file), job);
  const found = matchingCheckpoint(await readFile(opts.file, "utf8").catch(() => ""), key);
  let cp: Checkpoint = found ?? {
    ...{ key, windows: 0, fromSample: 0, language: job.language, found: null, words: [] },
  };
  const resume: Resume | null = found && {
    ...{ windows: found.windows, fromSample: found.fromSample, words: found.words },
    ...{ language: found.language, found: found.found },
  };
  await mkdir(dirname(opts.file), { recursive: true });
  // one write at a time, in order; a failed write costs only the resume
  let writes = Promise.resolve();
  const onWindow = (w: WindowDone) => {
    cp = afterWindow(cp, w);
    const snapshot = cp;
    writes = writes
      .then(async () => {
        await writeFile(`${opts.file}.tmp`, JSON.stringify(snapshot));
        await rename(`${opts.file}.tmp`, opts.file);
        opts.onCheckpoint?.(snapshot);
      })
      .catch(() => {});
  };
  try {
    return await worker.transcribe(resume ? { ...job, resume } : job, {
      ...{ signal: opts.signal, onProgress: opts.onProgress },
      onWindow,
    });
  } finally {
    await writes;
  }
}
