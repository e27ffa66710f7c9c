import { createAzureAsrEngine } from "../asr/azure.ts";
import { createDeepgramEngine } from "../asr/deepgram.ts";
import { createOpenAiAsrEngine } from "../asr/openai.ts";
import { createPocketsphinxEngine } from "../asr/pocketsphinx.ts";
import { createWhisperEngine } from "../asr/whisper.ts";
import { createLocalDiarizer } from "../diarize/local.ts";
import { createApertiumEngine } from "../mt/apertium.ts";
import { createAzureTranslatorEngine } from "../mt/azure.ts";
import { createDeepLEngine } from "../mt/deepl.ts";
import { createOpenAiMtEngine } from "../mt/openai.ts";
import { createAzureTtsEngine } from "../tts/azure.ts";
import { createElevenLabsTtsEngine } from "../tts/elevenlabs.ts";
import { createEspeakEngine } from "../tts/espeak.ts";
import { createFliteEngine } from "../tts/flite.ts";
import { createOpenAiTtsEngine } from "../tts/openai.ts";
import { EngineRegistry } from "./registry.ts";

export { CLOUD_ENV } from "./cloud-env.ts";

/**
 * Every engine, in order of preference per kind: a cloud engine is used when its key is configured
 * (DESIGN §5), else the local ones (whisper.cpp when a model is configured, then pocketsphinx;
 * Apertium; flite for English and espeak-ng for all languages). A cloud engine without a key is
 * listed as unavailable with the variable to set.
 */
export function createDefaultRegistry(opts: { whisperModel?: string } = {}): EngineRegistry {
  return (
    new EngineRegistry()
      // ASR: the ones that label speakers first
      .register(createDeepgramEngine())
      .register(createAzureAsrEngine())
      .register(createOpenAiAsrEngine())
      .register(createWhisperEngine({ model: opts.whisperModel }))
      .register(createPocketsphinxEngine())
      .register(createLocalDiarizer())
      // MT
      .register(createDeepLEngine())
      .register(createAzureTranslatorEngine())
      .register(createOpenAiMtEngine())
      .register(createApertiumEngine())
      // TTS: Azure speaks the catalogue's own voices
      .register(createAzureTtsEngine())
      .register(createElevenLabsTtsEngine())
      .register(createOpenAiTtsEngine())
      .register(createFliteEngine())
      .register(createEspeakEngine())
  );
}

let shared: EngineRegistry | undefined;

/** One registry per process (availability is probed once). */
export function defaultRegistry(): EngineRegistry {
  shared ??= createDefaultRegistry();
  return shared;
}
