// What the cloud TTS engines with a fixed voice list and one API key share (ElevenLabs, OpenAI): their
// voices as LocalVoices and the catalogue mapping, the key check, and the POST that returns the audio.
import type { Availability, Gender, LocalVoice } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import type { LanguageCode } from "../languages.ts";
import { providerBytes, providerFetch } from "../util/http.ts";
import { pickByGender } from "../voices/catalog.ts";

export interface FixedVoice {
  id: string;
  /** Shown in the label; the id when absent. */
  name?: string;
  gender: Gender;
}

/** An engine's fixed voices in any language, and the one a catalogue voice maps to (same gender, spread). */
export function fixedVoices(engine: string, labelPrefix: string, voices: readonly FixedVoice[]) {
  const asLocal = (v: FixedVoice, language: LanguageCode): LocalVoice => ({
    engine,
    id: v.id,
    language,
    gender: v.gender,
    label: `${labelPrefix} ${v.name ?? v.id}`,
  });
  return {
    list: (language: LanguageCode): LocalVoice[] => voices.map((v) => asLocal(v, language)),
    /** Pure: the voice for a catalogue voice, as pickByGender spreads them. */
    voiceFor: (catalogValue: string, language: LanguageCode): LocalVoice | undefined => {
      const v = pickByGender(catalogValue, voices);
      return v && asLocal(v, language);
    },
  };
}

/** A provider reached with one API key set by `variable`. */
export interface KeyedProvider {
  provider: string;
  apiKey: string;
  variable: string;
}

/** Available with a key; else the reason names the variable to set. */
export async function keyedAvailability(p: KeyedProvider): Promise<Availability> {
  return p.apiKey
    ? { ok: true }
    : { ok: false, reason: `no ${p.provider} API key configured (set ${p.variable})` };
}

/**
 * POSTs one utterance's JSON body with the key in `headers` and returns the answer's bytes (provider
 * errors and retries as providerFetch). Refuses empty text and a missing key before any request.
 */
export async function postUtterance(
  p: KeyedProvider,
  req: { text: string; signal?: AbortSignal },
  { url, headers, body }: { url: string; headers: Record<string, string>; body: unknown },
): Promise<Buffer> {
  if (!req.text.trim()) throw new DubError("invalid_segment", "nothing to say: the text is empty");
  if (!p.apiKey) throw new DubError("engine_failed", `${p.provider} is not configured (${p.variable})`);
  const call = { provider: p.provider, signal: req.signal };
  const res = await providerFetch(
    url,
    {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    },
    call,
  );
  return providerBytes(res, call);
}
