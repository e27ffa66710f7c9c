import { parseClonedVoice } from "../clone/voice-value.ts";
import { type Speaker, styleTarget } from "../doc.ts";
import type { EngineRegistry } from "../engines/registry.ts";
import type { LocalVoice, TtsEngine } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import { type LanguageCode, languageName } from "../languages.ts";
import { findVoice, localVoicesFor, voicesFor } from "../voices/catalog.ts";
import { genderOfPitch } from "../voices/gender.ts";
import type { SpeakerFit } from "../voices/register.ts";
import type { StyleFit, VoiceStyle } from "./follow.ts";

export interface ResolvedVoice {
  engine: TtsEngine;
  voice: LocalVoice;
  /** The catalogue voice it stands for, when the speaker chose one. */
  catalogVoice?: string;
  /** How it follows the speaker's pitch and pace (follow.ts), when it does. */
  style?: VoiceStyle;
  /** The speaker's measures, the voice's own and the result (for the report). */
  follow?: Omit<StyleFit, "style">;
}

/** The voices the available local engines list for a language (what the catalogue's mapping ranks). */
async function installedVoices(registry: EngineRegistry, language: LanguageCode): Promise<LocalVoice[]> {
  const out: LocalVoice[] = [];
  for (const e of registry.list("tts"))
    if (e.local && e.languages.includes(language) && (await registry.availability(e)).ok)
      out.push(...e.voices(language));
  return out;
}

/**
 * The engine voices a catalogue voice stands for, best first: the cloud engines' own voices (in the
 * registry's order: the Azure voice itself when Azure is configured), then the best installed local voice
 * of its gender per engine (the catalogue's ranking).
 */
async function catalogCandidates(
  registry: EngineRegistry,
  value: string,
  language: LanguageCode,
  fit: SpeakerFit = {},
): Promise<{ voice: LocalVoice; catalogVoice: string }[]> {
  const cloud = registry
    .list("tts")
    .map((e) => e.voiceFor?.(value, language))
    .filter((v): v is LocalVoice => v !== undefined);
  const local = localVoicesFor(value, language, await installedVoices(registry, language), fit);
  return [...cloud, ...local].map((voice) => ({ voice, catalogVoice: value }));
}

/**
 * A cloned voice: spoken by the engine that made it, in any language that engine speaks, or
 * refused (no_engine) with the reason — never another engine's voice in its place, which would be a
 * stranger's voice where the user chose the speaker's own.
 */
async function resolveCloned(
  registry: EngineRegistry,
  cloned: { engine: string; voiceId: string },
  speaker: Speaker,
  language: LanguageCode,
): Promise<ResolvedVoice> {
  const engine = registry.get("tts", cloned.engine);
  const what = `${speaker.name}'s cloned voice`;
  if (!engine)
    throw new DubError("no_engine", `${what} needs the ${cloned.engine} engine, which this server lacks`);
  const a = await registry.availability(engine);
  if (!a.ok)
    throw new DubError(
      "no_engine",
      `${what} speaks with ${engine.label}, which is not available here (${a.reason ?? "unavailable"})`,
    );
  if (!engine.languages.includes(language))
    throw new DubError(
      "no_engine",
      `${what} speaks with ${engine.label}, which does not speak ${languageName(language)}`,
    );
  const pitch = speaker.style?.measured?.pitchHz;
  return {
    engine,
    voice: {
      engine: engine.id,
      id: cloned.voiceId,
      language,
      gender: genderOfPitch(pitch ?? 0),
      label: `${engine.label} cloned voice`,
    },
  };
}

/**
 * The voice a speaker speaks `language` with: a cloned voice by the engine that made it (resolveCloned),
 * else their catalogue voice mapped to the first available
 * engine (a configured cloud engine's own voice, else a local one: of the speaker's register when the
 * voice follows them, and none of `taken`, the local voices of the dub's other speakers, while the
 * language has another), or a voice given as "engine:id", or
 * (no/unknown voice) a default catalogue voice mapped the same way, or the registry's first TTS engine
 * for the language. Throws DubError no_engine.
 */
export async function resolveVoice(
  registry: EngineRegistry,
  speaker: Speaker,
  language: LanguageCode,
  { index = 0, taken }: { index?: number; taken?: ReadonlySet<string> } = {},
): Promise<ResolvedVoice> {
  // the pitch the voice follows (the speaker's own, or the one set for them), when it follows them
  const fit: SpeakerFit = { pitchHz: styleTarget(speaker.style)?.pitchHz, taken };
  const candidates: { voice: LocalVoice; catalogVoice?: string }[] = [];
  const value = speaker.selectedVoice.trim();
  const cloned = parseClonedVoice(value);
  if (cloned) return resolveCloned(registry, cloned, speaker, language);
  const direct = /^([a-z0-9.-]+):(.+)$/i.exec(value);
  if (findVoice(value)) {
    candidates.push(...(await catalogCandidates(registry, value, language, fit)));
  } else if (direct) {
    const engine = registry.get("tts", direct[1]!);
    const voice = engine?.voices(language).find((v) => v.id === direct[2]);
    if (voice) candidates.push({ voice });
  }
  if (candidates.length === 0) {
    // no usable choice: a default voice, alternating genders between speakers
    const gender = index % 2 === 0 ? "Female" : "Male";
    const fallback = voicesFor(language, gender)[Math.floor(index / 2)] ?? voicesFor(language, gender)[0]!;
    candidates.push(...(await catalogCandidates(registry, fallback.value, language, fit)));
  }
  const why: string[] = [];
  for (const c of candidates) {
    const engine = registry.get("tts", c.voice.engine);
    if (!engine) continue;
    const a = await registry.availability(engine);
    if (a.ok && engine.languages.includes(language))
      return { engine, voice: c.voice, catalogVoice: c.catalogVoice };
    why.push(`${engine.id}: ${a.reason ?? "does not speak it"}`);
  }
  try {
    const engine = await registry.pickTts(language);
    const voice = engine.voices(language)[0];
    if (voice) return { engine, voice };
  } catch (err) {
    if (!(err instanceof DubError)) throw err;
    why.push(err.message);
  }
  throw new DubError(
    "no_engine",
    `no voice can speak ${languageName(language)} (${why.join("; ") || "no TTS engine"})`,
  );
}
