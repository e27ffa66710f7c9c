// The recognition worker with the real model (tiny.en, installed by the setup in .tools/models) on a
// 7-second LibriVox recording: its protocol's failures (crash, hang, cancel, bad audio, memory) and two
// jobs at once.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LIBRIVOX_DIR, tempDir } from "../testing/fixtures.ts";
import { joinSpeech } from "../testing/music.ts";
import { ASR_WORKER_SCRIPT, DEFAULT_ASR_PYTHON, SHARED_MODELS_DIR } from "./faster-whisper.ts";
import { AsrWorker, rssMbOf, workerError } from "./worker.ts";

const WAV = join(LIBRIVOX_DIR, "sense_and_sensibility_01_austen_64kb-0870.wav");
const job = { file: WAV, model: join(SHARED_MODELS_DIR, "tiny.en"), language: "en", threads: 1, beamSize: 1 };
const text = (r: { words: { text: string }[] }) =>
  r.words
    .map((w) => w.text)
    .join(" ")
    .toLowerCase();

describe("AsrWorker", () => {
  const tmp = tempDir("dub-asr-worker-");
  const worker = new AsrWorker({ python: DEFAULT_ASR_PYTHON, script: ASR_WORKER_SCRIPT, graceMs: 300 });
  afterAll(() => {
    worker.close();
    tmp.cleanup();
  });

  it("recognises real speech with word times, and two jobs at once both get their answer", async () => {
    const progress: number[] = [];
    const [a, b] = await Promise.all([
      worker.transcribe(job, { onProgress: (f) => progress.push(f) }),
      worker.transcribe({
        ...job,
        file: join(LIBRIVOX_DIR, "sense_and_sensibility_01_austen_64kb-0880.wav"),
      }),
    ]);
    expect(text(a)).toContain("dashwood");
    expect(text(b)).toContain("young man");
    expect(a.words[0]!.start).toBeLessThan(a.words.at(-1)!.start);
    expect(a.language).toBe("en");
    expect(a.peakRssMb).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThan(0);
    expect(worker.starts).toBe(1);
  });

  it("decodes a file a window at a time, cut in its pauses: the same words at the same times as whole", async () => {
    // three readings with a second of silence around each (18.4 s): 10 s windows end in the silences
    const file = join(tmp.dir, "three.wav");
    const clips = ["0870", "0880", "0890"].map((n) =>
      join(LIBRIVOX_DIR, `sense_and_sensibility_01_austen_64kb-${n}.wav`),
    );
    const regions = joinSpeech(file, clips, 1000);
    const whole = await worker.transcribe({ ...job, file, windowS: 600 });
    const windowed = await worker.transcribe({ ...job, file, windowS: 10 });
    expect(whole.windows).toBe(1);
    expect(windowed.windows).toBeGreaterThanOrEqual(2);
    // a window is decoded without what follows it (Whisper's 30 s context), so a word may differ at the
    // end of a window; the rest is the same word at the same time (±0.2 s)
    const same = whole.words.filter((w) =>
      windowed.words.some((v) => v.text === w.text && Math.abs(v.start - w.start) <= 200),
    );
    expect(same.length).toBeGreaterThanOrEqual(0.85 * whole.words.length);
    // the third reading's words are placed in it, not at the start of their window
    const last = windowed.words.at(-1)!;
    expect(last.start).toBeGreaterThan(regions[2]!.start);
    expect(last.end).toBeLessThanOrEqual(regions[2]!.end + 300);
  });

  it("fails a bad file with a clear message and keeps serving", async () => {
    const bad = join(tmp.dir, "bad.wav");
    writeFileSync(bad, "not audio at all");
    await expect(worker.transcribe({ ...job, file: bad })).rejects.toThrow(/unreadable audio/);
    expect(text(await worker.transcribe(job))).toContain("dashwood");
    expect(worker.starts).toBe(1);
  });

  it("sends a job the process died under to a new process once; dying twice fails it for good", async () => {
    const once = worker.transcribe(job);
    process.kill(worker.pid!, "SIGKILL");
    expect(text(await once)).toContain("dashwood");
    expect(worker.starts).toBe(2);

    const twice = worker.transcribe(job);
    process.kill(worker.pid!, "SIGKILL");
    // and the process it is sent to (the third), as soon as it is there
    const second = setInterval(() => {
      if (worker.starts === 3 && worker.pid) {
        clearInterval(second);
        process.kill(worker.pid, "SIGKILL");
      }
    }, 5);
    await expect(twice).rejects.toMatchObject({
      code: "engine_crashed",
      message: expect.stringMatching(/stopped twice on this file \(killed by SIGKILL\).*starts again/),
    });
    clearInterval(second);
    expect(text(await worker.transcribe(job))).toContain("dashwood");
    expect(worker.starts).toBe(4);
  });

  it("cancels a waiting job without touching the running one", async () => {
    const ac = new AbortController();
    const first = worker.transcribe(job);
    const second = worker.transcribe(job, { signal: ac.signal });
    ac.abort();
    expect(text(await first)).toContain("dashwood");
    await expect(second).rejects.toThrow(/aborted/);
  });

  it("kills a job that does not stop within its grace after the signal (a hang past its budget)", async () => {
    // no grace: the process is killed at the signal, before it could answer (it is still starting)
    const strict = new AsrWorker({ python: DEFAULT_ASR_PYTHON, script: ASR_WORKER_SCRIPT, graceMs: 0 });
    try {
      const ac = new AbortController();
      const hung = strict.transcribe(job, { signal: ac.signal });
      setImmediate(() => ac.abort());
      await expect(hung).rejects.toMatchObject({ code: "aborted" });
      expect(text(await strict.transcribe(job))).toContain("dashwood");
      expect(strict.starts).toBe(2);
    } finally {
      strict.close();
    }
  });

  it("stops a worker that grows past its memory bound", async () => {
    const small = new AsrWorker({ python: DEFAULT_ASR_PYTHON, script: ASR_WORKER_SCRIPT, maxRssMb: 60 });
    try {
      await expect(small.transcribe(job)).rejects.toThrow(/more than its 60 MB bound/);
    } finally {
      small.close();
    }
  });
});

describe("worker protocol, pure parts", () => {
  it("maps the worker's error codes", () => {
    expect(workerError("cancelled", "x").code).toBe("aborted");
    expect(workerError("bad_audio", "x.wav: nope").message).toMatch(/unreadable audio: x.wav/);
    expect(workerError("failed", "boom").code).toBe("engine_failed");
  });
  it("reads the resident memory from /proc", () => {
    expect(rssMbOf("Name:\tpython\nVmRSS:\t  204800 kB\n")).toBe(200);
  });
});
