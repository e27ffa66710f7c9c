// Speakers named by hand (an uploaded SRT's "Tom:" and "Sarah:") get their first voice by how they sound,
// not by the order of their names: each one's median pitch over their own segments tells the gender.
import type { Prosody } from "../audio/prosody.ts";
import type { Speaker } from "../doc.ts";
import type { LanguageCode } from "../languages.ts";
import { defaultVoices } from "../voices/catalog.ts";
import { genderOfPitch } from "../voices/gender.ts";
import { measureSpeakerInVideo } from "./dub/follow-speakers.ts";

/**
 * Pure: `speakers` with the ones in `fresh` given distinct default voices of the gender their measured
 * pitch suggests (below MALE_PITCH_HZ: a man's), and their measures kept for "Match the speaker".
 * Speakers not measured, or not fresh, keep what they have.
 */
export function voicesByPitch<S extends Pick<Speaker, "id" | "selectedVoice" | "style">>(
  speakers: S[],
  language: LanguageCode,
  measured: ReadonlyMap<string, Prosody>,
  fresh: ReadonlySet<string>,
): (S & Pick<Speaker, "style">)[] {
  const chosen = speakers.filter((s) => fresh.has(s.id) && measured.has(s.id));
  const voices = defaultVoices(
    language,
    chosen.map((s) => genderOfPitch(measured.get(s.id)!.pitchHz)),
  );
  return speakers.map((s) => {
    const i = chosen.indexOf(s);
    if (i < 0) return s;
    return {
      ...s,
      selectedVoice: voices[i]!,
      style: { match: true, ...s.style, measured: measured.get(s.id) },
    };
  });
}

/** Measures each speaker of `ids` over their own segments of the video (ffmpeg streams it); skips the silent. */
export async function measureSpeakers(
  video: string,
  transcript: { speaker: string; start: number; end: number }[],
  ids: Iterable<string>,
  signal?: AbortSignal,
): Promise<Map<string, Prosody>> {
  const out = new Map<string, Prosody>();
  for (const id of ids) {
    const m = await measureSpeakerInVideo(
      video,
      transcript.filter((t) => t.speaker === id),
      signal,
    );
    if (m && m.pitchHz > 0) out.set(id, m);
  }
  return out;
}
