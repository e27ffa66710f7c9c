// Public API of @dubbing/dubbing: the media + AI pipeline as a library (no HTTP, no database).
// The server imports from here; keep it stable. Times are milliseconds unless a name says otherwise.

export { createPocketsphinxEngine } from "./asr/pocketsphinx.ts";
export { createWhisperEngine } from "./asr/whisper.ts";
export { speechInWav } from "./audio/speech-file.ts";
export { SAME_VOICE_DISTANCE, voiceDistance } from "./audio/voiceprint.ts";
// Voice cloning: the provider client, the sample, how a cloned voice is named.
export { createVoiceCloner } from "./clone/default.ts";
export { ELEVENLABS_CLONE_LIMITS } from "./clone/elevenlabs.ts";
export { extractCloneSample, planCloneSample, type SamplePlan, type TimedSegment } from "./clone/sample.ts";
export {
  CloneError,
  type CloneErrorCode,
  type CloneLimits,
  type CloneSampleFile,
  type VoiceCloner,
} from "./clone/types.ts";
export { clonedVoiceValue, parseClonedVoice } from "./clone/voice-value.ts";
export { createLocalDiarizer } from "./diarize/local.ts";
// The transcript document (spec shapes) and its checks.
export {
  type DocMeta,
  type EngineRecord,
  parseDoc,
  planSegments,
  type Segment,
  type Speaker,
  type TranscriptDoc,
} from "./doc.ts";
export { ENGINE_ENV, type EngineOptions, engineOptions, engineOptionsFromEnv } from "./engines/options.ts";
export { EngineRegistry, type LanguageSupport } from "./engines/registry.ts";
export type {
  AsrEngine,
  Availability,
  Clip,
  DiarizationEngine,
  Engine,
  EngineKind,
  LocalVoice,
  MtEngine,
  SeparationEngine,
  TtsEngine,
  Word,
} from "./engines/types.ts";
// Errors of the pipeline (MediaError above covers files and ffmpeg).
export { DubError, type DubErrorCode } from "./errors.ts";
// The app's 21 languages.
export {
  DETECT,
  isLanguageCode,
  isSpokenLanguage,
  LANGUAGES,
  type LanguageCode,
  languageName,
  type SpokenLanguage,
} from "./languages.ts";
// Media: ffprobe, the ffmpeg runner with progress/cancellation, pure argument builders.
export {
  assertHasVideo,
  audioOnlyArgs,
  burnSubtitlesArgs,
  extractAudioArgs,
  heldSoundArgs,
  holdVideo,
  MediaError,
  type MediaErrorCode,
  type MediaInput,
  mp4CanCopyAudio,
  mp4CanCopyVideo,
  multiTrackArgs,
  nativeLanguageName,
  normalizeVideoArgs,
  type ProbeResult,
  posterArgs,
  previewArgs,
  probe,
  runFfmpeg,
  sharedTimeline,
  soundStretches,
  spawnFfmpeg,
  verifiedDurationMs,
  wavStreamArgs,
} from "./media/index.ts";
export { createApertiumEngine } from "./mt/apertium.ts";
export {
  containsTerm,
  type GlossaryEntry,
  type GlossaryMiss,
  glossaryFor,
  mergeGlossaries,
} from "./mt/glossary.ts";
export { shortenerOf, shortenLine } from "./mt/shorten-line.ts";
// Pipeline: video → transcript → translation → dubbed MP4 + SRT + VTT + report.
export type { CommonOptions, Progress } from "./pipeline/common.ts";
export {
  type BackgroundMode,
  type DubOptions,
  type DubReport,
  type DubResult,
  dub,
  redubSegments,
  type SegmentReport,
} from "./pipeline/dub.ts";
export { renderVoiceSample, SAMPLE_TEXT, sampleVoiceName } from "./pipeline/sample.ts";
export { measureSpeakers, voicesByPitch, voicesOfAdded } from "./pipeline/speaker-voices.ts";
export { type TranscribeOptions, transcribe } from "./pipeline/transcribe.ts";
export { type TranslateOptions, translate } from "./pipeline/translate.ts";
export { type ResolvedVoice, resolveVoice } from "./pipeline/voices.ts";
// Voice / background separation: the project's stems and the speech no segment covers.
export {
  parseSpeechActivity,
  readStems,
  STEM_FILES,
  type Stems,
  untranscribedMarks,
} from "./separate/stems.ts";
// Pure helpers the server may reuse.
export {
  decodeSubtitles,
  MAX_SUBTITLE_BYTES,
  type ParsedCue,
  parseSubtitles,
  SubtitleError,
  speakersFromCues,
} from "./subtitles/parse.ts";
export { bilingualCues, type Cue, parseSrt, toAss, toSrt, toVtt } from "./subtitles/subtitles.ts";
export { FIT_DEFAULTS, type Fit, type FitOptions, fitClip } from "./timing/fit.ts";
export {
  PLAN_DEFAULTS,
  type PlanOptions,
  planTiming,
  shiftCues,
  shiftTime,
  type TimingMode,
  type Wait,
} from "./timing/plan.ts";
export { createEspeakEngine } from "./tts/espeak.ts";
export { createFliteEngine } from "./tts/flite.ts";
// The 47-voice catalogue and its mapping to local voices.
export {
  defaultVoices,
  findVoice,
  localVoicesFor,
  VOICES,
  type VoiceOption,
  voicesFor,
} from "./voices/catalog.ts";
// Engines: interfaces, registry (what can serve which language right now), local engines.
export { createDefaultRegistry } from "./wiring/default.ts";
