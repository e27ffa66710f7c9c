import { createPocketsphinxEngine } from "../asr/pocketsphinx.ts";
import { createWhisperEngine } from "../asr/whisper.ts";
import { createLocalDiarizer } from "../diarize/local.ts";
import { createApertiumEngine } from "../mt/apertium.ts";
import { createEspeakEngine } from "../tts/espeak.ts";
import { createFliteEngine } from "../tts/flite.ts";
import { EngineRegistry } from "./registry.ts";

/**
 * The local (offline) engines, in order of preference: whisper.cpp when a model is configured, then
 * pocketsphinx; BIC diarization; Apertium; flite (English) and espeak-ng (all languages).
 */
export function createDefaultRegistry(opts: { whisperModel?: string } = {}): EngineRegistry {
  return new EngineRegistry()
    .register(createWhisperEngine({ model: opts.whisperModel }))
    .register(createPocketsphinxEngine())
    .register(createLocalDiarizer())
    .register(createApertiumEngine())
    .register(createFliteEngine())
    .register(createEspeakEngine());
}

let shared: EngineRegistry | undefined;

/** One registry per process (availability is probed once). */
export function defaultRegistry(): EngineRegistry {
  shared ??= createDefaultRegistry();
  return shared;
}
