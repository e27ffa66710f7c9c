// The recognition's checkpoint with the real worker and model (tiny.en): a transcription stopped after its
// first window and started again decodes only the windows after it, and gives the words an uninterrupted
// run gives; the window's progress comes before its end.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LIBRIVOX_DIR, tempDir } from "../testing/fixtures.ts";
import { joinSpeech } from "../testing/music.ts";
import {
  afterWindow,
  type Checkpoint,
  checkpointKey,
  matchingCheckpoint,
  transcribeResumable,
} from "./checkpoint.ts";
import { ASR_WORKER_SCRIPT, DEFAULT_ASR_PYTHON, SHARED_MODELS_DIR } from "./faster-whisper.ts";
import { AsrWorker } from "./worker.ts";

const word = (text: string, start: number) => ({ text, start, end: start + 100, confidence: 0.9 });

describe("checkpoint (pure)", () => {
  const job = { file: "a.wav", model: "/m/tiny.en", language: "en", threads: 2 };

  it("keys the words by the audio and every setting that changes them", () => {
    const k = checkpointKey("aa", job);
    expect(checkpointKey("aa", { ...job, threads: 1, file: "b.wav" })).toBe(k);
    expect(checkpointKey("ab", job)).not.toBe(k);
    expect(checkpointKey("aa", { ...job, model: "/m/base" })).not.toBe(k);
    expect(checkpointKey("aa", { ...job, language: null })).not.toBe(k);
    expect(checkpointKey("aa", { ...job, beamSize: 1 })).not.toBe(k);
    expect(checkpointKey("aa", { ...job, windowS: 60 })).not.toBe(k);
  });

  it("takes a window's words from its index on, and reads back only a checkpoint of the same key", () => {
    const cp: Checkpoint = {
      ...{ key: "k", windows: 1, fromSample: 16000, language: "en", found: null },
      words: [word("a", 0), word("b", 200)],
    };
    const next = afterWindow(cp, {
      ...{ windows: 2, fromSample: 32000, language: "en", found: { language: "en", languageProbability: 1 } },
      from: 1,
      words: [word("b,", 200), word("c", 1200)],
    });
    expect(next.words.map((w) => w.text)).toEqual(["a", "b,", "c"]);
    expect(next).toMatchObject({ key: "k", windows: 2, fromSample: 32000 });
    expect(matchingCheckpoint(JSON.stringify(next), "k")).toEqual(next);
    expect(matchingCheckpoint(JSON.stringify(next), "other")).toBeNull();
    expect(matchingCheckpoint("{", "k")).toBeNull();
    expect(matchingCheckpoint(JSON.stringify({ key: "k", windows: 1 }), "k")).toBeNull();
  });
});

describe("transcribeResumable", () => {
  const tmp = tempDir("dub-asr-checkpoint-");
  const worker = new AsrWorker({ python: DEFAULT_ASR_PYTHON, script: ASR_WORKER_SCRIPT, graceMs: 2000 });
  afterAll(() => {
    worker.close();
    tmp.cleanup();
  });
  // three readings with a second of silence around each (18.4 s): 8 s windows, three of them at least
  const file = join(tmp.dir, "three.wav");
  joinSpeech(
    file,
    ["0870", "0880", "0890"].map((n) => join(LIBRIVOX_DIR, `sense_and_sensibility_01_austen_64kb-${n}.wav`)),
    1000,
  );
  const job = {
    ...{ file, model: join(SHARED_MODELS_DIR, "tiny.en"), language: "en", threads: 2 },
    ...{ beamSize: 1, windowS: 8 },
  };

  it("resumes after the windows done: they are not recognised again, and the words are the same", async () => {
    const whole = await worker.transcribe(job);
    expect(whole.windows).toBeGreaterThanOrEqual(3);
    expect(whole.decoded).toBe(whole.windows);

    const saved = join(tmp.dir, "cp", "asr.json");
    // the first run stops once its first window is kept (a restart mid-way)
    const stop = new AbortController();
    const progress: number[] = [];
    const first = transcribeResumable(worker, job, {
      file: saved,
      signal: stop.signal,
      onProgress: (f) => progress.push(f),
      onCheckpoint: () => stop.abort(),
    });
    await expect(first).rejects.toMatchObject({ code: "aborted" });
    const kept = JSON.parse(readFileSync(saved, "utf8")) as Checkpoint;
    expect(kept.windows).toBeGreaterThanOrEqual(1);
    expect(kept.windows).toBeLessThan(whole.windows);
    // the window's progress came before its end, and was not the end
    expect(progress.some((f) => f > 0 && f < 1)).toBe(true);

    const again = await transcribeResumable(worker, job, { file: saved });
    expect(again.decoded).toBe(whole.windows - kept.windows);
    expect(again.windows).toBe(whole.windows);
    expect(again.words).toEqual(whole.words);
    expect(again.language).toBe(whole.language);
  }, 120_000);

  it("starts over when the audio is not the one the checkpoint was made from", async () => {
    const saved = join(tmp.dir, "stale", "asr.json");
    const stale = await transcribeResumable(worker, job, { file: saved });
    const other = join(tmp.dir, "one.wav");
    joinSpeech(other, [join(LIBRIVOX_DIR, "sense_and_sensibility_01_austen_64kb-0920.wav")], 1000);
    const fresh = await transcribeResumable(worker, { ...job, file: other }, { file: saved });
    expect(fresh.decoded).toBe(fresh.windows);
    expect(fresh.words).not.toEqual(stale.words);
    // the file now holds the new audio's words: all of them are resumed
    const again = await transcribeResumable(worker, { ...job, file: other }, { file: saved });
    expect(again.decoded).toBe(0);
    expect(again.words).toEqual(fresh.words);
  }, 120_000);
});
