import type { TranscriptDoc } from "../doc.ts";
import { createDefaultRegistry } from "../engines/default.ts";
import { DubError } from "../errors.ts";
import { isLanguageCode, type LanguageCode } from "../languages.ts";
import { type GlossaryEntry, glossaryFor, glossaryMisses } from "../mt/glossary.ts";
import { type CommonOptions, progressReporter, since } from "./common.ts";

export interface TranslateOptions extends CommonOptions {
  /** Preferred MT engine id. */
  mtEngine?: string;
  /** Terms to keep and term pairs; those for the target language are passed to the engine. */
  glossary?: readonly GlossaryEntry[];
}

/**
 * Transcript → the same transcript in another language: segment by segment, timing and speakers kept,
 * the engine and route recorded in meta.translation. Empty segments stay empty. With a glossary, the
 * segments whose term did not survive are listed in meta.translation.glossaryMisses.
 * Errors: DubError unsupported_language, no_engine (no engine or route for the pair), aborted.
 */
export async function translate(
  doc: TranscriptDoc,
  to: string,
  opts: TranslateOptions = {},
): Promise<TranscriptDoc> {
  if (!isLanguageCode(to)) throw new DubError("unsupported_language", `unsupported language "${to}"`);
  const from = doc.language;
  const target = to as LanguageCode;
  const report = progressReporter({ translate: 1 }, opts.onProgress);
  const t = performance.now();
  if (from === target || (from === "zh" && target === "cmn") || (from === "cmn" && target === "zh")) {
    report("translate", 1);
    return { ...structuredClone(doc), language: target };
  }
  const registry = opts.registry ?? createDefaultRegistry();
  const { engine } = await registry.pickMt(from, target, opts.mtEngine);
  const texts = doc.transcript.map((s) => s.text);
  const glossary = glossaryFor(opts.glossary ?? [], target);
  const nonEmpty = texts.map((x, i) => ({ x, i })).filter((e) => e.x.trim() !== "");
  const result = nonEmpty.length
    ? await engine.translate(
        nonEmpty.map((e) => e.x),
        from,
        target,
        { signal: opts.signal, onProgress: (f) => report("translate", f), glossary },
      )
    : { texts: [], route: [from, target], params: {} };
  if (result.texts.length !== nonEmpty.length)
    throw new DubError(
      "engine_failed",
      `${engine.id} returned ${result.texts.length} texts for ${nonEmpty.length}`,
    );
  const out = texts.map(() => "");
  nonEmpty.forEach((e, k) => {
    out[e.i] = result.texts[k] ?? "";
  });
  report("translate", 1);
  return {
    language: target,
    speakers: doc.speakers.map((s) => ({ ...s })),
    transcript: doc.transcript.map((s, i) => ({ ...s, text: out[i]! })),
    meta: {
      ...(doc.meta?.durationMs !== undefined ? { durationMs: doc.meta.durationMs } : {}),
      translation: {
        id: engine.id,
        from,
        to: target,
        route: result.route,
        params: result.params,
        ...(glossary.length && { glossaryMisses: glossaryMisses(texts, out, glossary) }),
      },
      timings: { translate: since(t) },
    },
  };
}
