import type { EngineOptions } from "../engines/options.ts";
import { createElevenLabsCloner } from "./elevenlabs.ts";
import type { VoiceCloner } from "./types.ts";

/**
 * The engine that clones voices on this server, or null when none is configured: ElevenLabs with its
 * key. (Azure's custom neural voice needs an application approved by Microsoft and OpenAI offers no
 * cloning API, so neither is here.)
 */
export function createVoiceCloner(options: EngineOptions = {}): VoiceCloner | null {
  return createElevenLabsCloner(options.elevenlabs);
}
