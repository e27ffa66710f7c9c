import { LANGUAGES } from "@dubbing/contract";
import type { EngineRegistry } from "@dubbing/dubbing";

/** What the landing may promise: the languages this server dubs into and the voices it speaks them with. */
export interface Offer {
  /** App languages a translation can reach and a voice engine here speaks. */
  languages: number;
  /** Distinct engine voices over those languages. */
  voices: number;
  /** Those languages, by code and English name, in the app's order. */
  dubbed: { code: string; name: string }[];
}

/** From the engines that are available here (their availability is cached by the registry). */
export async function serverOffer(registry: EngineRegistry): Promise<Offer> {
  const support = await registry.support();
  const dubbed = support.filter((s) => s.tts.length > 0 && s.translateFrom.length > 0);
  const voices = new Set<string>();
  for (const s of dubbed)
    for (const id of s.tts) {
      for (const v of registry.get("tts", id)?.voices(s.code) ?? []) voices.add(`${id}/${v.id}`);
    }
  const codes = new Set(dubbed.map((s) => s.code as string));
  return {
    languages: dubbed.length,
    voices: voices.size,
    dubbed: LANGUAGES.filter((l) => codes.has(l.code)).map((l) => ({ code: l.code, name: l.name })),
  };
}
