import { access } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { AsrEngine, AsrInput, AsrResult, Availability } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import type { LanguageCode } from "../languages.ts";
import { CATALOGUE, type ModelEntry } from "../models/catalog.ts";
import { installedFolder, modelDirs } from "../models/installed.ts";
import { transcribeResumable } from "./checkpoint.ts";
import { AsrWorker } from "./worker.ts";

const ROOT = resolve(import.meta.dirname, "../../../..");
/** The Python environment the setup makes (scripts/python/asr.txt). */
export const DEFAULT_ASR_PYTHON = join(ROOT, ".tools/python/asr/bin/python");
export const ASR_WORKER_SCRIPT = join(ROOT, "packages/dubbing/python/asr_worker.py");
/** The models the setup installs for every server and test of this checkout (DEFAULT_MODELS). */
export const SHARED_MODELS_DIR = join(ROOT, ".tools/models");

export interface FasterWhisperOptions {
  python?: string;
  /** Where `dub models install` puts models (DATA_DIR/models or MODELS_DIR). */
  modelsDir?: string;
  /** A catalogue id to use for every language it serves, instead of the first installed one. */
  model?: string;
  /** CPU threads of a job (default: 2, the cores of the target machine). */
  threads?: number;
  maxRssMb?: number;
  /** Seconds decoded at a time, a checkpoint after each (ASR_WINDOW_S; default the worker's 120). */
  windowS?: number | string;
}

// One worker per server process, whichever registry asks (the model stays loaded between jobs).
const workers = new Map<string, AsrWorker>();
function workerFor(python: string, maxRssMb?: number): AsrWorker {
  let w = workers.get(python);
  if (!w) {
    w = new AsrWorker({ python, script: ASR_WORKER_SCRIPT, maxRssMb });
    workers.set(python, w);
  }
  return w;
}

/** Pure: the app's language as Whisper names it. */
export function whisperLanguage(code: LanguageCode): string {
  return code === "cmn" ? "zh" : code;
}

/**
 * Pure: the model for a language: the one asked for when it serves the language, else the first
 * installed catalogue model (in the catalogue's order of preference) that does.
 */
export function pickModel(
  language: LanguageCode,
  installed: readonly ModelEntry[],
  preferred?: string,
): ModelEntry | undefined {
  const serving = installed.filter((m) => m.languages.includes(language));
  return serving.find((m) => m.id === preferred) ?? serving[0];
}

/** Pure: the model that finds the spoken language: a multilingual one (the one asked for when it is). */
export function pickDetectingModel(
  installed: readonly ModelEntry[],
  preferred?: string,
): ModelEntry | undefined {
  const multilingual = installed.filter((m) => m.languages.length > 1);
  return multilingual.find((m) => m.id === preferred) ?? multilingual[0];
}

/**
 * faster-whisper (CTranslate2, int8 on the CPU) in a long-lived Python worker: word times, Silero VAD,
 * the models installed with `dub models install` (docs/ENGINES.md). Serves the languages of the models
 * installed.
 */
export function createFasterWhisperEngine(opts: FasterWhisperOptions = {}): AsrEngine {
  const python = opts.python || DEFAULT_ASR_PYTHON;
  const dirs = modelDirs(opts.modelsDir, SHARED_MODELS_DIR);
  const folderOf = (id: string) => installedFolder(dirs, id);
  const installed = () => CATALOGUE.filter((m) => m.engine === "faster-whisper" && folderOf(m.id));
  const windowS = opts.windowS === undefined ? undefined : Number(opts.windowS);
  return {
    id: "faster-whisper",
    kind: "asr",
    label: "faster-whisper (Whisper, offline)",
    local: true,
    get languages() {
      return [...new Set(installed().flatMap((m) => m.languages))];
    },
    capabilities: { wordTimes: true, speakerLabels: false },
    get detectsLanguage() {
      return pickDetectingModel(installed()) !== undefined;
    },
    async available(): Promise<Availability> {
      if (windowS !== undefined && !(windowS >= 1))
        return { ok: false, reason: `ASR_WINDOW_S is not a number of seconds (1 or more): ${opts.windowS}` };
      try {
        await access(python);
      } catch {
        return {
          ok: false,
          reason: `the speech recognition environment is missing (${python}): run make setup`,
        };
      }
      if (installed().length === 0)
        return {
          ok: false,
          reason: "no speech recognition model installed: run `dub models install tiny.en`",
        };
      return { ok: true };
    },
    async transcribe(input: AsrInput): Promise<AsrResult> {
      const model = input.detect
        ? pickDetectingModel(installed(), opts.model)
        : pickModel(input.language, installed(), opts.model);
      if (!model)
        throw new DubError(
          "no_engine",
          input.detect
            ? "no multilingual speech recognition model is installed to find the spoken language"
            : `no installed speech recognition model serves ${input.language}`,
        );
      const threads = opts.threads ?? 2;
      // one decoding path for a check of a known text; the worker's beam otherwise
      const beamSize = input.greedy ? 1 : 5;
      const job = {
        file: input.wavFile,
        model: folderOf(model.id) as string,
        language: input.detect ? null : whisperLanguage(input.language),
        threads,
        beamSize,
        ...(windowS && { windowS }),
      };
      const worker = workerFor(python, opts.maxRssMb);
      const callbacks = { signal: input.signal, onProgress: input.onProgress };
      // with a checkpoint, the windows a run before this one finished are not decoded again
      const r = input.checkpoint
        ? await transcribeResumable(worker, job, { ...callbacks, file: input.checkpoint })
        : await worker.transcribe(job, callbacks);
      input.onProgress?.(1);
      return {
        words: r.words,
        ...(input.detect ? { detected: { language: r.language, probability: r.languageProbability } } : {}),
        params: {
          model: model.id,
          threads,
          beamSize,
          computeType: "int8",
          vad: "silero",
          language: r.language,
          languageProbability: r.languageProbability,
          peakRssMb: r.peakRssMb,
          windows: r.windows,
          ...(r.decoded < r.windows && { resumedWindows: r.windows - r.decoded }),
        },
      };
    },
  };
}
