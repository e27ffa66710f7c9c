import type { EngineRegistry } from "@dubbing/dubbing";

/** What the landing may promise: the languages this server dubs into and the voices it speaks them with. */
export interface Offer {
  /** App languages a translation can reach and a voice engine here speaks. */
  languages: number;
  /** Distinct engine voices over those languages. */
  voices: number;
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
  return { languages: dubbed.length, voices: voices.size };
}
