// The clip of a cloud TTS answer: audio that is missing or unreadable is the provider's failure.
import { parseWav, toMono } from "../audio/wav.ts";
import type { Clip } from "../engines/types.ts";
import { DubError } from "../errors.ts";

/** `clip` when it has samples; `what` names the utterance in the message ("… returned no audio for X"). */
export function audioClip(clip: Clip, provider: string, what?: string): Clip {
  // Azure answers 200 with no audio when the voice does not speak the text's language
  if (clip.samples.length === 0)
    throw new DubError("engine_failed", `${provider} returned no audio${what ? ` for ${what}` : ""}`);
  return clip;
}

/** The mono clip of a WAV answer (a streamed WAV's placeholder header sizes are read to the end). */
export function wavClip(body: Buffer, provider: string, what?: string): Clip {
  let clip: Clip;
  try {
    const pcm = parseWav(body);
    clip = { samples: toMono(pcm), sampleRate: pcm.sampleRate };
  } catch (err) {
    const about = what ? ` for ${what}` : "";
    throw new DubError(
      "engine_failed",
      `${provider} returned no WAV audio${about}: ${(err as Error).message}`,
    );
  }
  return audioClip(clip, provider, what);
}
