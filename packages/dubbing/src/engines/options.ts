// No engine imports: the server's config reads ENGINE_ENV without loading the engines.
/**
 * How the engines are configured: keys, endpoints, models and binaries. The engines never read the
 * environment themselves: the server's config parses these variables (zod) into `config.engines`, the
 * CLI uses engineOptionsFromEnv(); everything else gets no cloud engine unless it passes options.
 */
export interface EngineOptions {
  deepgram?: { apiKey?: string; baseUrl?: string; model?: string };
  /** Azure AI Speech: ASR and TTS share the resource. */
  azureSpeech?: { key?: string; region?: string; endpoint?: string };
  azureTranslator?: { key?: string; region?: string; endpoint?: string };
  openai?: { apiKey?: string; baseUrl?: string; asrModel?: string; mtModel?: string; ttsModel?: string };
  elevenlabs?: { apiKey?: string; baseUrl?: string; model?: string };
  deepl?: { apiKey?: string; baseUrl?: string };
  whisper?: { model?: string; binary?: string };
  /**
   * faster-whisper: the worker's Python, the models' folder, a model to prefer, the seconds it decodes
   * at a time (and checkpoints after: default 120).
   */
  fasterWhisper?: { python?: string; modelsDir?: string; model?: string; windowS?: string };
  pocketsphinx?: { binary?: string; modelDir?: string };
  apertium?: { binary?: string; modesDir?: string };
  /** Piper: the worker's Python (its voices are in fasterWhisper.modelsDir, the models' folder). */
  piper?: { python?: string };
  flite?: { binary?: string };
  espeak?: { binary?: string };
  musicai?: { apiKey?: string; baseUrl?: string; workflow?: string };
  demucs?: { binary?: string; model?: string };
  /** The Python of the `enhance` environment (DeepFilterNet3). */
  deepfilter?: { python?: string };
}

type Section = keyof EngineOptions;
type Field<S extends Section> = keyof NonNullable<EngineOptions[S]>;

/** Every engine variable: the option it sets, and whether it must be a URL. */
export const ENGINE_ENV = {
  DEEPGRAM_API_KEY: ["deepgram", "apiKey"],
  DEEPGRAM_BASE_URL: ["deepgram", "baseUrl", "url"],
  DEEPGRAM_MODEL: ["deepgram", "model"],
  AZURE_SPEECH_KEY: ["azureSpeech", "key"],
  AZURE_SPEECH_REGION: ["azureSpeech", "region"],
  AZURE_SPEECH_ENDPOINT: ["azureSpeech", "endpoint", "url"],
  AZURE_TRANSLATOR_KEY: ["azureTranslator", "key"],
  AZURE_TRANSLATOR_REGION: ["azureTranslator", "region"],
  AZURE_TRANSLATOR_ENDPOINT: ["azureTranslator", "endpoint", "url"],
  OPENAI_API_KEY: ["openai", "apiKey"],
  OPENAI_BASE_URL: ["openai", "baseUrl", "url"],
  OPENAI_ASR_MODEL: ["openai", "asrModel"],
  OPENAI_MT_MODEL: ["openai", "mtModel"],
  OPENAI_TTS_MODEL: ["openai", "ttsModel"],
  ELEVENLABS_API_KEY: ["elevenlabs", "apiKey"],
  ELEVENLABS_BASE_URL: ["elevenlabs", "baseUrl", "url"],
  ELEVENLABS_MODEL: ["elevenlabs", "model"],
  DEEPL_API_KEY: ["deepl", "apiKey"],
  DEEPL_API_URL: ["deepl", "baseUrl", "url"],
  ASR_PYTHON: ["fasterWhisper", "python"],
  MODELS_DIR: ["fasterWhisper", "modelsDir"],
  ASR_MODEL: ["fasterWhisper", "model"],
  ASR_WINDOW_S: ["fasterWhisper", "windowS"],
  WHISPER_MODEL: ["whisper", "model"],
  WHISPER_CLI: ["whisper", "binary"],
  POCKETSPHINX_BATCH_PATH: ["pocketsphinx", "binary"],
  POCKETSPHINX_MODEL_DIR: ["pocketsphinx", "modelDir"],
  APERTIUM_PATH: ["apertium", "binary"],
  APERTIUM_MODES_DIR: ["apertium", "modesDir"],
  PIPER_PYTHON: ["piper", "python"],
  FLITE_PATH: ["flite", "binary"],
  ESPEAK_PATH: ["espeak", "binary"],
  MUSICAI_API_KEY: ["musicai", "apiKey"],
  MUSICAI_BASE_URL: ["musicai", "baseUrl", "url"],
  MUSICAI_WORKFLOW: ["musicai", "workflow"],
  DEMUCS_BIN: ["demucs", "binary"],
  DEMUCS_MODEL: ["demucs", "model"],
  DEEPFILTER_PYTHON: ["deepfilter", "python"],
} as const satisfies Record<
  string,
  { [S in Section]: readonly [S, Field<S>] | readonly [S, Field<S>, "url"] }[Section]
>;

export type EngineEnvName = keyof typeof ENGINE_ENV;

/** Pure: the options set by the given variables (blank ones are unset). */
export function engineOptions(env: Partial<Record<EngineEnvName, string | undefined>>): EngineOptions {
  const out: Record<string, Record<string, string>> = {};
  for (const [name, [section, field]] of Object.entries(ENGINE_ENV)) {
    const value = env[name as EngineEnvName]?.trim();
    if (!value) continue;
    out[section] ??= {};
    (out[section] as Record<string, string>)[field] = value;
  }
  return out as EngineOptions;
}

/** The options from the environment, in one place: for the CLI and scripts (the server parses its config). */
export function engineOptionsFromEnv(env: Record<string, string | undefined> = process.env): EngineOptions {
  return engineOptions(env);
}

/** The environment without any engine variable: for child processes of tests (no developer's keys). */
export function withoutEngineEnv(
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !(k in ENGINE_ENV)));
}
