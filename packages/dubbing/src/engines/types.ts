// Engine interfaces. Each kind (ASR, diarization, MT, TTS) has engines that declare the languages
// they serve and their capabilities; a registry picks one per job and the choice is recorded.

import type { Region } from "../audio/features.ts";
import type { Track } from "../audio/track.ts";
import type { LanguageCode } from "../languages.ts";
import type { RateCurve } from "../timing/rate.ts";

export type EngineKind = "asr" | "diarization" | "mt" | "tts" | "separation";

/** Whether an engine can run here and now; `reason` says why not (missing binary, model, key). */
export interface Availability {
  ok: boolean;
  reason?: string;
}

interface EngineBase {
  id: string;
  kind: EngineKind;
  /** Human label for the UI / reports. */
  label: string;
  /** true when it runs offline on this machine. */
  local: boolean;
  available(): Promise<Availability>;
}

export interface ProgressOptions {
  signal?: AbortSignal;
  /** Fraction 0..1 of this step. */
  onProgress?: (fraction: number) => void;
}

// ---- ASR --------------------------------------------------------------------------------------------

/** A recognised word; times in ms from the start of the audio. */
export interface Word {
  text: string;
  start: number;
  end: number;
  confidence?: number;
  /** Speaker label when the engine diarizes itself. */
  speaker?: string;
}

export interface AsrInput extends ProgressOptions {
  /** 16 kHz mono s16 WAV. */
  wavFile: string;
  /**
   * The same audio, decoded, when the caller holds it; an engine that needs the samples and is not given
   * them reads `wavFile` (asrSamples). A caller that made the file for recognition alone (the report
   * card's hearing) need not hold its samples.
   */
  samples?: Float32Array;
  sampleRate: number;
  language: LanguageCode;
  /** Find the spoken language (`language` is then only a fallback); the result says what was heard. */
  detect?: boolean;
  /** Speech regions found by the pipeline's VAD (ms), for cutting long audio at silences. */
  speech: Region[];
  concurrency?: number;
  /** How many people speak, when the user said (a hint for engines that label speakers). */
  speakers?: number;
  /**
   * One decoding path instead of a beam, where the engine has one: quicker, for hearing a dub back (a
   * check of a known text, not a transcript anyone reads).
   */
  greedy?: boolean;
  /**
   * A file where an engine that decodes in windows keeps the words of each finished window, and resumes
   * from when it is run again on the same audio with the same settings (asr/checkpoint.ts).
   */
  checkpoint?: string;
}

export interface AsrResult {
  words: Word[];
  /** Decoder settings and other parameters worth recording. */
  params: Record<string, unknown>;
  /** With `detect`: the language heard (ISO 639-1, as the engine names it) and how sure it is (0–1). */
  detected?: { language: string; probability: number };
}

export interface AsrEngine extends EngineBase {
  kind: "asr";
  languages: readonly LanguageCode[];
  capabilities: { wordTimes: boolean; speakerLabels: boolean };
  /** Whether it can find the spoken language right now (`detect`): a multilingual model is installed. */
  readonly detectsLanguage?: boolean;
  transcribe(input: AsrInput): Promise<AsrResult>;
}

// ---- Diarization ------------------------------------------------------------------------------------

export interface DiarizationInput {
  /** The audio, read a segment at a time (an hour of 16 kHz floats would be 230 MB held). */
  audio: Track;
  /** Utterances to label (ms). */
  segments: Region[];
  /** Exact number of speakers when known. */
  speakers?: number;
  maxSpeakers?: number;
  signal?: AbortSignal;
}

export interface DiarizationResult {
  /** One label per input segment: 0, 1, … numbered by first appearance. */
  labels: number[];
  params: Record<string, unknown>;
}

export interface DiarizationEngine extends EngineBase {
  kind: "diarization";
  diarize(input: DiarizationInput): Promise<DiarizationResult>;
}

// ---- MT ---------------------------------------------------------------------------------------------

/** A directed language pair an MT engine translates directly. */
export interface Pair {
  from: LanguageCode;
  to: LanguageCode;
}

export interface MtResult {
  texts: string[];
  /** Languages passed through, e.g. ["en", "es", "fr"] for a pivot through Spanish. */
  route: string[];
  params: Record<string, unknown>;
  /** Words the engine marked as unknown, by the index of the text (a rule-based engine's report). */
  unknownWords?: Record<number, string[]>;
}

/** One term for one target language: `source` in the original becomes `target` in the translation. */
export interface TermPair {
  source: string;
  target: string;
}

/** A translation run: progress, and the glossary's terms for the target language (honoured by every engine). */
export interface MtOptions extends ProgressOptions {
  glossary?: TermPair[];
}

export interface MtEngine extends EngineBase {
  kind: "mt";
  /** Directed pairs served directly (installed). */
  pairs(): Promise<Pair[]>;
  /** The route it would use, or null when it cannot translate from → to. */
  route(from: LanguageCode, to: LanguageCode): Promise<string[] | null>;
  /** Translates each text on its own (neighbours are given to engines that use context). */
  translate(texts: string[], from: LanguageCode, to: LanguageCode, opts?: MtOptions): Promise<MtResult>;
  /**
   * Engines that can rewrite: a shorter rendering of each translated line within `budget` characters
   * (one answer per item, in order). Absent: the engine cannot, and long lines stay as they are.
   */
  shorten?(items: ShortenItem[], from: LanguageCode, to: LanguageCode, opts?: MtOptions): Promise<string[]>;
  /**
   * Engines that rewrite some pairs only (a neural model per direction): whether `shorten` rewrites
   * from → to. Absent: every pair the engine translates.
   */
  rewrites?(from: LanguageCode, to: LanguageCode): Promise<boolean>;
}

/** A translated line too long for its slot: its source, its translation, and the characters it may use. */
export interface ShortenItem {
  source: string;
  text: string;
  budget: number;
}

// ---- TTS --------------------------------------------------------------------------------------------

export type Gender = "Male" | "Female";

/** A voice an engine can speak with, for one language. */
export interface LocalVoice {
  engine: string;
  /** Engine-specific id (espeak-ng "es+f3", flite "slt"). */
  id: string;
  language: LanguageCode;
  gender: Gender;
  label: string;
  /** The voice's own median pitch (Hz) as measured (bench/pipeline/voices-quality.ts), where known. */
  pitchHz?: number;
}

export interface SynthesisRequest {
  text: string;
  voice: string;
  language: LanguageCode;
  /** Speaking rate relative to the voice's normal rate (1 = normal, 1.2 = 20% faster). */
  rate?: number;
  /**
   * Engines with capabilities.pitchControl: the engine's pitch setting, 0–99 (50 = the voice's own;
   * espeak-ng's -p scale, about ×1.56 per 50 steps).
   */
  pitch?: number;
  /** Engines with capabilities.pitchControl: the pitch range in % of the voice's own (100 = own). */
  range?: number;
  signal?: AbortSignal;
}

/** Mono audio. */
export interface Clip {
  samples: Float32Array;
  sampleRate: number;
}

export interface TtsEngine extends EngineBase {
  kind: "tts";
  languages: readonly LanguageCode[];
  /**
   * pitchControl: the engine honours a request's pitch and range (others are pitch-shifted after).
   * rateCurve: the speed each rate gives, measured (timing/rate.ts RateBounds.curve); else the rate.
   */
  capabilities: {
    rateControl: boolean;
    minRate: number;
    maxRate: number;
    pitchControl?: boolean;
    rateCurve?: RateCurve;
  };
  voices(language: LanguageCode): LocalVoice[];
  synthesize(req: SynthesisRequest): Promise<Clip>;
  /**
   * Optional (cloud engines): the engine's voice for a catalogue voice (`en-US-AvaMultilingualNeural`)
   * speaking `language`, or undefined when it has none. Local engines are mapped by the catalogue.
   */
  voiceFor?(catalogValue: string, language: LanguageCode): LocalVoice | undefined;
  /**
   * Optional: several utterances of one voice in one run (an engine that starts slowly does it in a
   * fraction of the time of one run each). Clips in the order of the requests.
   */
  synthesizeMany?(reqs: SynthesisRequest[]): Promise<Clip[]>;
}

// ---- Separation -------------------------------------------------------------------------------------

export interface SeparationInput extends ProgressOptions {
  /** The original's audio as raw interleaved float32 (`channels` 1 or 2, `sampleRate`). */
  pcmFile: string;
  sampleRate: number;
  channels: number;
  /** Where the engine writes its stems and intermediate files. */
  workDir: string;
  /** Where speech is known to be (ms), e.g. a transcript's segments; engines may find more. */
  speech?: { start: number; end: number }[];
}

export interface SeparationResult {
  /** Music, effects and room: raw float32 with the input's channels and rate. */
  background: string;
  /** The voice: raw float32, mono, the input's rate. */
  voice: string;
  params: Record<string, unknown>;
}

export interface SeparationEngine extends EngineBase {
  kind: "separation";
  separate(input: SeparationInput): Promise<SeparationResult>;
}

export type Engine = AsrEngine | DiarizationEngine | MtEngine | TtsEngine | SeparationEngine;
