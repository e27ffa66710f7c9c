// Speakers named by hand (an uploaded SRT's "Tom:" and "Sarah:") get their first voice by how they sound,
// not by the order of their names: each one's median pitch over their own segments tells the gender.
import type { Prosody } from "../audio/prosody.ts";
import type { Speaker } from "../doc.ts";
import type { LanguageCode } from "../languages.ts";
import { defaultVoices, findVoice } from "../voices/catalog.ts";
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

/**
 * Pure: speakers added by hand, once measured over the lines they were given: one whose voice is a
 * catalogue voice of the other gender than their pitch suggests gets the first voice of their gender
 * that no other speaker has. A voice of their gender, or one of the user's own (My voices), is kept: the
 * first voice offered follows how the speaker sounds, a choice that agrees with it stands.
 */
export function voicesOfAdded<S extends Pick<Speaker, "id" | "selectedVoice">>(
  speakers: S[],
  language: LanguageCode,
  measured: ReadonlyMap<string, Prosody>,
): S[] {
  const genderOf = (s: S) => genderOfPitch(measured.get(s.id)!.pitchHz);
  const wrong = speakers.filter((s) => {
    const voice = findVoice(s.selectedVoice);
    return measured.has(s.id) && voice !== undefined && voice.gender !== genderOf(s);
  });
  const voices = defaultVoices(
    language,
    wrong.map(genderOf),
    speakers.map((s) => s.selectedVoice),
  );
  return speakers.map((s) => {
    const i = wrong.indexOf(s);
    return i < 0 ? s : { ...s, selectedVoice: voices[i]! };
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
