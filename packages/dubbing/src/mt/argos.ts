// Neural translation offline: Argos Translate packages (OPUS-MT models in CTranslate2, int8 on the CPU)
// installed with `dub models install` (docs/ENGINES.md "Neural translation"), run by a long-lived Python
// worker (neural-worker.ts). Serves the directions of the packages installed. It has no glossary of its
// own: terms go in in their target form and near misses are put back (neural-terms.ts). It rewrites a
// line too long for its slot by asking the model for its best alternatives (n-best) and taking the
// shortest that fits and still says what the translation says.
import { access } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Availability, MtEngine, MtOptions, MtResult, Pair } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import type { LanguageCode } from "../languages.ts";
import { CATALOGUE, type ModelEntry } from "../models/catalog.ts";
import { installedFolder, modelDirs } from "../models/installed.ts";
import { sentenceChrf } from "./chrf.ts";
import { repairTerms, seedTerms } from "./neural-terms.ts";
import { NeuralWorker } from "./neural-worker.ts";

const ROOT = resolve(import.meta.dirname, "../../../..");
/** The Python environment the setup makes (scripts/python/mt.txt: CTranslate2 and SentencePiece). */
export const DEFAULT_MT_PYTHON = join(ROOT, ".tools/python/mt/bin/python");
export const MT_WORKER_SCRIPT = join(ROOT, "packages/dubbing/python/mt_worker.py");
const SHARED_MODELS_DIR = join(ROOT, ".tools/models");

/** Alternatives asked for when a line is to be shortened. */
export const SHORTEN_ALTERNATIVES = 8;
/** A shorter alternative is taken only when it shares this much with the translation (chrF). */
export const SHORTEN_MIN_CHRF = 40;

export interface ArgosOptions {
  python?: string;
  /**
   * The engine that takes English on where no model goes further (Apertium): Chinese → English here,
   * then English → Spanish, French, Portuguese or Italian there.
   */
  pivot?: MtEngine;
  /** Where `dub models install` puts models (DATA_DIR/models or MODELS_DIR). */
  modelsDir?: string;
  threads?: number;
}

// One worker per Python, whichever registry asks (the models stay loaded between translations).
const workers = new Map<string, NeuralWorker>();
export function neuralWorkerFor(python: string, threads = 2): NeuralWorker {
  let w = workers.get(python);
  if (!w) {
    w = new NeuralWorker({ python, script: MT_WORKER_SCRIPT, threads });
    workers.set(python, w);
  }
  return w;
}

const base = (code: LanguageCode): LanguageCode => (code === "cmn" ? "zh" : code);

/** Pure: the shortest alternative within the budget that still says what the translation says. */
export function shortestFaithful(text: string, alternatives: readonly string[], budget: number): string {
  const faithful = alternatives.filter((a) => a && sentenceChrf(a, text) >= SHORTEN_MIN_CHRF);
  const shorter = faithful.filter((a) => a.length < text.length).sort((a, b) => a.length - b.length);
  return shorter.find((a) => a.length <= budget) ?? shorter[0] ?? text;
}

export function createArgosEngine(opts: ArgosOptions = {}): MtEngine {
  const python = opts.python || DEFAULT_MT_PYTHON;
  const dirs = modelDirs(opts.modelsDir, SHARED_MODELS_DIR);
  const installed = () =>
    CATALOGUE.filter((m) => m.engine === "argos" && m.pair).flatMap((m) => {
      const folder = installedFolder(dirs, m.id);
      return folder ? [{ entry: m, file: join(folder, m.files[0]!.name) }] : [];
    });
  const modelFor = (from: LanguageCode, to: LanguageCode) =>
    installed().find(({ entry }) => entry.pair!.from === base(from) && entry.pair!.to === base(to));
  const need = (from: LanguageCode, to: LanguageCode): { entry: ModelEntry; file: string } => {
    const m = modelFor(from, to);
    if (!m) throw new DubError("no_engine", `no neural translation model installed for ${from} → ${to}`);
    return m;
  };
  const worker = () => neuralWorkerFor(python, opts.threads);
  // Chinese → English by the model, then English → the target by the pivot engine; a glossary term goes
  // in in its target form and travels through as a word the pivot does not know
  const viaEnglish = async (texts: string[], from: LanguageCode, to: LanguageCode, o: MtOptions) => {
    const pivot = opts.pivot!;
    const first = await engine.translate(texts, from, "en", { glossary: o.glossary, signal: o.signal });
    const next = await pivot.translate(first.texts, "en", to, { signal: o.signal });
    o.onProgress?.(1);
    return {
      ...next,
      texts: repairTerms(texts, next.texts, o.glossary ?? []),
      route: [from, ...next.route],
      params: { ...first.params, onward: { engine: pivot.id, ...next.params } },
    };
  };
  const engine: MtEngine = {
    id: "argos",
    kind: "mt",
    label: "Argos Translate (OPUS-MT, offline neural)",
    local: true,
    async available(): Promise<Availability> {
      try {
        await access(python);
      } catch {
        return { ok: false, reason: `the translation environment is missing (${python}): run make setup` };
      }
      if (installed().length === 0)
        return { ok: false, reason: "no translation model installed: run `dub models install argos-zh-en`" };
      return { ok: true };
    },
    async pairs(): Promise<Pair[]> {
      return installed().flatMap(({ entry }) => {
        const p = entry.pair!;
        return p.from === "zh" ? [p, { ...p, from: "cmn" as const }] : [p];
      });
    },
    async route(from, to) {
      if (modelFor(from, to)) return [from, to];
      if (!opts.pivot || !modelFor(from, "en")) return null;
      const onward = await opts.pivot.route("en", to);
      return onward ? [from, ...onward] : null;
    },
    async translate(texts: string[], from, to, o: MtOptions = {}): Promise<MtResult> {
      if (!modelFor(from, to) && opts.pivot) return viaEnglish(texts, from, to, o);
      const { entry, file } = need(from, to);
      const glossary = o.glossary ?? [];
      const answer = await worker().translate({ model: file, texts: seedTerms(texts, glossary) }, o.signal);
      o.onProgress?.(1);
      return {
        texts: repairTerms(texts, answer.texts, glossary),
        route: [from, to],
        params: {
          model: entry.id,
          beam: 4,
          ...(glossary.length && { glossary: `${glossary.length} terms put in in their target form` }),
        },
      };
    },
    async rewrites(from, to) {
      return modelFor(from, to) !== undefined;
    },
    async shorten(items, from, to, o: MtOptions = {}) {
      // through the pivot the last hop is not ours to rewrite: the lines stay as they are
      if (!modelFor(from, to)) return items.map((i) => i.text);
      const { file } = need(from, to);
      const glossary = o.glossary ?? [];
      const sources = items.map((i) => i.source);
      const answer = await worker().translate(
        { model: file, texts: seedTerms(sources, glossary), alternatives: SHORTEN_ALTERNATIVES, beam: 8 },
        o.signal,
      );
      return items.map((item, k) => {
        const alts = repairTerms(
          sources.map(() => item.source),
          answer.alternatives[k] ?? [],
          glossary,
        );
        return shortestFaithful(item.text, alts, item.budget);
      });
    },
  };
  return engine;
}
