// "A voice heard before": which of a user's My voices sounds like each speaker of a project, by the
// fingerprints of their voices (measured from the speaker's own audio, kept with a voice when it is saved).
import type { MyVoice, VoiceOffer } from "@dubbing/contract";
import { SAME_VOICE_DISTANCE, voiceDistance } from "@dubbing/dubbing";

interface SpeakerPrint {
  id: string;
  selectedVoice: string;
  voiceprint: number[] | undefined;
}

/**
 * Pure: for each speaker with a fingerprint, the closest voice of `library` under the threshold. Voices
 * saved from this very project are not offered (they are its own speakers), nor the voice a speaker
 * already speaks with.
 */
export function voiceOffers(
  projectId: string,
  speakers: SpeakerPrint[],
  library: { voice: MyVoice; voiceprint: number[] | null }[],
): VoiceOffer[] {
  const candidates = library.filter((v) => v.voiceprint && v.voice.source?.projectId !== projectId);
  const offers: VoiceOffer[] = [];
  for (const s of speakers) {
    if (!s.voiceprint) continue;
    let best: VoiceOffer | null = null;
    for (const v of candidates) {
      if (v.voice.voice === s.selectedVoice) continue;
      const distance = voiceDistance(s.voiceprint, v.voiceprint!);
      if (distance < SAME_VOICE_DISTANCE && (!best || distance < best.distance))
        best = { speakerId: s.id, voice: v.voice, distance: Math.round(distance * 1e4) / 1e4 };
    }
    if (best) offers.push(best);
  }
  return offers;
}
