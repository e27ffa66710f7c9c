// Piper: neural (VITS) voices in ONNX, offline, spoken by a Python worker (tts/piper-worker.ts) with the
// phonemizer each voice was trained with. Its voices are catalogue models (`dub models install <id>`).
import { access } from "node:fs/promises";
import { join, resolve } from "node:path";
import { SHARED_MODELS_DIR } from "../asr/faster-whisper.ts";
import type { Availability, Clip, LocalVoice, SynthesisRequest, TtsEngine } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import { baseLanguage, type LanguageCode } from "../languages.ts";
import { CATALOGUE, type ModelEntry } from "../models/catalog.ts";
import { installedFolder, modelDirs } from "../models/installed.ts";
import { PiperWorker } from "./piper-worker.ts";

const ROOT = resolve(import.meta.dirname, "../../../..");
/** The Python environment the setup makes (scripts/python/piper.txt). */
export const DEFAULT_PIPER_PYTHON = join(ROOT, ".tools/python/piper/bin/python");
export const PIPER_WORKER_SCRIPT = join(ROOT, "packages/dubbing/python/piper_worker.py");

/** The rates the voice's length scale is trusted with (beyond them the timing fit stretches). */
export const PIPER_MIN_RATE = 0.5;
export const PIPER_MAX_RATE = 2;

export interface PiperOptions {
  python?: string;
  /** Where `dub models install` puts models (DATA_DIR/models or MODELS_DIR). */
  modelsDir?: string;
  /** Lines spoken at once (default 2, the cores of the target machine). */
  threads?: number;
  /** The worker stops after this long without a line (ms). */
  idleMs?: number;
}

/** Pure: a catalogue voice as the engine's voice. */
export function piperVoice(entry: ModelEntry): LocalVoice {
  const s = entry.speaker;
  if (entry.engine !== "piper" || !s) throw new Error(`${entry.id} is not a Piper voice`);
  return {
    engine: "piper",
    id: entry.id,
    language: entry.languages[0] as LanguageCode,
    gender: s.gender,
    label: `Piper ${s.name} (${s.locale})`,
  };
}

/** Pure: the rate asked of the voice (its length scale is divided by it), within the trusted range. */
export function piperRate(rate: number): number {
  return Math.max(PIPER_MIN_RATE, Math.min(PIPER_MAX_RATE, rate));
}

// One worker per Python and process, whichever registry asks (a voice stays loaded while dubs run).
const workers = new Map<string, PiperWorker>();

/** Piper: the installed Piper voices of the catalogue, rate control by the voice's length scale. */
export function createPiperEngine(opts: PiperOptions = {}): TtsEngine {
  const python = opts.python || DEFAULT_PIPER_PYTHON;
  const dirs = modelDirs(opts.modelsDir, SHARED_MODELS_DIR);
  const installed = () =>
    CATALOGUE.filter((m) => m.engine === "piper")
      .map((entry) => ({ entry, folder: installedFolder(dirs, entry.id) }))
      .filter((v): v is { entry: ModelEntry; folder: string } => v.folder !== undefined);
  const worker = () => {
    let w = workers.get(python);
    if (!w) {
      w = new PiperWorker({
        python,
        script: PIPER_WORKER_SCRIPT,
        threads: opts.threads,
        idleMs: opts.idleMs,
      });
      workers.set(python, w);
    }
    return w;
  };
  const synthesize = async (req: SynthesisRequest): Promise<Clip> => {
    const text = req.text.replace(/\s+/g, " ").trim();
    if (!text) throw new DubError("invalid_segment", "nothing to say: the text is empty");
    const voice = installed().find((v) => v.entry.id === req.voice);
    if (!voice) throw new DubError("no_engine", `Piper has no installed voice "${req.voice}"`);
    const model = join(voice.folder, `${voice.entry.id}.onnx`);
    return worker().synthesize({ model, text, rate: piperRate(req.rate ?? 1) }, req.signal);
  };
  return {
    id: "piper",
    kind: "tts",
    label: "Piper",
    local: true,
    get languages() {
      return [...new Set(installed().flatMap((v) => v.entry.languages))];
    },
    capabilities: { rateControl: true, minRate: PIPER_MIN_RATE, maxRate: PIPER_MAX_RATE },
    async available(): Promise<Availability> {
      try {
        await access(python);
      } catch {
        return { ok: false, reason: `the Piper environment is missing (${python}): run make setup` };
      }
      if (installed().length === 0)
        return { ok: false, reason: "no Piper voice installed: run `dub models install en_US-joe-medium`" };
      return { ok: true };
    },
    voices(language) {
      return installed()
        .filter((v) => v.entry.languages.some((l) => l === language || l === baseLanguage(language)))
        .map((v) => piperVoice(v.entry));
    },
    synthesize,
    synthesizeMany(reqs) {
      // the worker runs its threads' worth at once and queues the rest
      return Promise.all(reqs.map(synthesize));
    },
  };
}
