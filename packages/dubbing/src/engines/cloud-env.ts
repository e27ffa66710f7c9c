// No imports: test configurations read this list without loading the engines.
/**
 * The environment variables that switch cloud engines on (a key, or where to reach the provider).
 * Tests blank them so that a developer's own keys never send test audio to a provider.
 */
export const CLOUD_ENV = [
  "AZURE_SPEECH_KEY",
  "AZURE_SPEECH_REGION",
  "AZURE_SPEECH_ENDPOINT",
  "AZURE_TRANSLATOR_KEY",
  "AZURE_TRANSLATOR_REGION",
  "AZURE_TRANSLATOR_ENDPOINT",
  "DEEPGRAM_API_KEY",
  "DEEPL_API_KEY",
  "ELEVENLABS_API_KEY",
  "MUSICAI_API_KEY",
  "OPENAI_API_KEY",
] as const;
