import { createAzureAsrEngine } from "../asr/azure.ts";
import { createDeepgramEngine } from "../asr/deepgram.ts";
import { createFasterWhisperEngine } from "../asr/faster-whisper.ts";
import { createOpenAiAsrEngine } from "../asr/openai.ts";
import { createPocketsphinxEngine } from "../asr/pocketsphinx.ts";
import { createWhisperEngine } from "../asr/whisper.ts";
import { createLocalDiarizer } from "../diarize/local.ts";
import type { EngineOptions } from "../engines/options.ts";
import { EngineRegistry } from "../engines/registry.ts";
import { createApertiumEngine } from "../mt/apertium.ts";
import { createArgosEngine } from "../mt/argos.ts";
import { createAzureTranslatorEngine } from "../mt/azure.ts";
import { createDeepLEngine } from "../mt/deepl.ts";
import { createOpenAiMtEngine } from "../mt/openai.ts";
import { createDeepFilterEngine } from "../separate/deepfilter.ts";
import { createDemucsEngine } from "../separate/demucs.ts";
import { createMusicAiEngine } from "../separate/musicai.ts";
import { createSpectralSeparator } from "../separate/spectral.ts";
import { createAzureTtsEngine } from "../tts/azure.ts";
import { createElevenLabsTtsEngine } from "../tts/elevenlabs.ts";
import { createEspeakEngine } from "../tts/espeak.ts";
import { createFliteEngine } from "../tts/flite.ts";
import { createOpenAiTtsEngine } from "../tts/openai.ts";
import { createPicoEngine } from "../tts/pico.ts";
import { createPiperEngine } from "../tts/piper.ts";

export { CLOUD_ENV } from "../engines/cloud-env.ts";

/**
 * Every engine, in order of preference per kind, configured by `options` (the server's config, or
 * engineOptionsFromEnv() in the CLI): a cloud engine is used when its key is given (PRODUCT.md § Engines), else the
 * local ones (faster-whisper with the models installed, whisper.cpp when a model is given, then
 * pocketsphinx as the last resort; Apertium; Piper where a voice is installed, SVOX Pico for its six
 * locales, flite for English and espeak-ng for all languages (which voice speaks is ranked by
 * voices/catalog.ts); Music.AI, demucs, then the offline spectral separation). A cloud engine
 * without a key is listed as unavailable with the variable
 * to set. Build one per process and pass it on: availability is probed once per registry.
 */
export function createDefaultRegistry(options: EngineOptions = {}): EngineRegistry {
  const o = options;
  const openai = o.openai ?? {};
  const apertium = createApertiumEngine(o.apertium);
  return (
    new EngineRegistry()
      // ASR: the ones that label speakers first
      .register(createDeepgramEngine(o.deepgram))
      .register(createAzureAsrEngine(o.azureSpeech))
      .register(
        createOpenAiAsrEngine({ apiKey: openai.apiKey, baseUrl: openai.baseUrl, model: openai.asrModel }),
      )
      .register(createFasterWhisperEngine(o.fasterWhisper))
      .register(createWhisperEngine(o.whisper))
      .register(createPocketsphinxEngine(o.pocketsphinx))
      .register(createLocalDiarizer())
      // MT
      .register(createDeepLEngine(o.deepl))
      .register(createAzureTranslatorEngine(o.azureTranslator))
      .register(
        createOpenAiMtEngine({ apiKey: openai.apiKey, baseUrl: openai.baseUrl, model: openai.mtModel }),
      )
      // offline: the neural models installed (Argos; Chinese on to es/fr/pt/it through Apertium), then
      // Apertium's rules
      .register(createArgosEngine({ modelsDir: o.fasterWhisper?.modelsDir, pivot: apertium }))
      .register(apertium)
      // TTS: Azure speaks the catalogue's own voices
      .register(createAzureTtsEngine(o.azureSpeech))
      .register(createElevenLabsTtsEngine(o.elevenlabs))
      .register(
        createOpenAiTtsEngine({ apiKey: openai.apiKey, baseUrl: openai.baseUrl, model: openai.ttsModel }),
      )
      // offline: Piper's neural voices where one is installed, Pico, flite (English) and espeak-ng;
      // which of them speaks a catalogue voice is ranked by voices/catalog.ts
      .register(createPiperEngine({ ...o.piper, modelsDir: o.fasterWhisper?.modelsDir }))
      .register(createPicoEngine())
      .register(createFliteEngine(o.flite))
      .register(createEspeakEngine(o.espeak))
      // voice / background separation: the cloud with a key, demucs when installed, else the offline one
      .register(createMusicAiEngine(o.musicai))
      .register(createDemucsEngine(o.demucs))
      .register(createSpectralSeparator())
      .register(createDeepFilterEngine(o.deepfilter))
  );
}
