import {
  type EngineRegistry,
  isLanguageCode,
  LANGUAGES,
  type LanguageCode,
  languageName,
  shortenerOf,
} from "@dubbing/dubbing";
import { FLAG_OF } from "./flags.ts";

export interface LanguageAvailability {
  code: LanguageCode;
  name: string;
  flag: string;
  translate: {
    available: boolean;
    engine: string | null;
    route: string[] | null;
    reason: string | null;
    /** An engine that can rewrite a line shorter is configured. */
    shorten: boolean;
  };
  tts: { available: boolean; engine: string | null; reason: string | null };
  /** Speech recognition of this language, for a project whose spoken language it is; `detect`: found by "Detect". */
  asr: { available: boolean; engine: string | null; reason: string | null; detect: boolean };
}

/** For each app language: can the configured engines translate into it from `source`, and speak it? */
export async function languageAvailability(
  registry: EngineRegistry,
  source: string,
): Promise<LanguageAvailability[]> {
  const support = await registry.support();
  // a rewriting engine for each target from `source` (a neural model rewrites its own directions only)
  const shortens = new Map<string, boolean>();
  const rewritesAll = (await shortenerOf(registry)) !== null;
  if (isLanguageCode(source))
    for (const { code } of LANGUAGES)
      shortens.set(code, (await shortenerOf(registry, undefined, { from: source, to: code })) !== null);
  const detecting = await registry.pickAsrDetecting().catch(() => null);
  return LANGUAGES.map(({ code, name }) => {
    const s = support.find((x) => x.code === code);
    const sameLanguage =
      code === source || (code === "cmn" && source === "zh") || (code === "zh" && source === "cmn");
    const route = sameLanguage ? null : (s?.translateFrom.find((t) => t.from === source) ?? null);
    const canTranslate = sameLanguage || route !== null;
    const ttsEngine = s?.tts[0] ?? null;
    const asrEngine = s?.asr[0] ?? null;
    return {
      code,
      name,
      flag: FLAG_OF[code],
      translate: {
        available: canTranslate,
        engine: route?.engine ?? null,
        route: route?.route ?? null,
        shorten: canTranslate && (shortens.get(code) ?? rewritesAll),
        reason: canTranslate
          ? null
          : `No translation engine on this server translates ${languageName(source)} into ${name}.`,
      },
      tts: {
        available: ttsEngine !== null,
        engine: ttsEngine,
        reason: ttsEngine ? null : `No voice engine on this server speaks ${name}.`,
      },
      asr: {
        available: asrEngine !== null,
        engine: asrEngine,
        reason: asrEngine
          ? null
          : `No speech recognition on this server understands ${name}: you type the transcript.`,
        detect: detecting?.languages.includes(code) ?? false,
      },
    };
  });
}
