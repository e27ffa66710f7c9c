import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { longestFirst, type Prosody, speakerMeasure } from "../audio/prosody.ts";
import { speechInWav } from "../audio/speech-file.ts";
import {
  openWavTrack,
  packedRegions,
  regionClip,
  type Track,
  trackMedianPitch,
  wavDurationMs,
} from "../audio/track.ts";
import { changePoints } from "../diarize/local.ts";
import type { DocMeta, Speaker, TranscriptDoc } from "../doc.ts";
import type { EngineRegistry } from "../engines/registry.ts";
import type { Gender, Word } from "../engines/types.ts";
import { DubError, throwIfAborted } from "../errors.ts";
import { DETECT, isSpokenLanguage, type LanguageCode, type SpokenLanguage } from "../languages.ts";
import { extractAudioArgs } from "../media/args.ts";
import { probe } from "../media/probe.ts";
import { runFfmpeg } from "../media/run.ts";
import { segmentWords, sentenceText, snapToSpeech } from "../segment/segment.ts";
import { type SpeechActivity, separateStems, writeSpeechActivity } from "../separate/stems.ts";
import { heardVoice } from "../separate/voice-vad.ts";
import { defaultVoices } from "../voices/catalog.ts";
import { genderOfPitch } from "../voices/gender.ts";
import { createDefaultRegistry } from "../wiring/default.ts";
import { type CommonOptions, progressReporter, since, workDir } from "./common.ts";

export interface TranscribeOptions extends CommonOptions {
  /**
   * Spoken language (default "en"), or "detect": an engine that finds it (a multilingual model) decodes
   * the speech, and the document's language is the one heard.
   */
  language?: SpokenLanguage;
  /** Preferred ASR engine id. */
  asrEngine?: string;
  /** Exact number of speakers, when known. */
  speakers?: number;
  /** At most this many speakers (default 8). */
  maxSpeakers?: number;
  /** A pause at least this long ends a segment (default 400 ms). */
  pauseMs?: number;
  /** Longest segment (default 15 s). */
  maxSegmentMs?: number;
  /** Keeps intermediate files here (default: a temp dir, removed). */
  workDir?: string;
  /**
   * Recognise the separated voice rather than the whole audio (default true): the voice and background
   * stems are made first (separate/stems.ts), into `stemsDir` when given (the project keeps them for
   * its dubs), else into the work dir. When the audio cannot be separated, the whole audio is used and
   * meta.separation says why.
   */
  separate?: boolean;
  stemsDir?: string;
  /** Preferred separation engine id. */
  separationEngine?: string;
  /** What recognition decodes once separated: the original audio (default) or the voice stem. */
  asrOn?: "original" | "voice";
  /**
   * Where the recognition keeps its checkpoint (asr.json: the words of each finished window), so that a
   * transcription run again on the same audio resumes after them. The caller removes it when done.
   */
  checkpointDir?: string;
}

/**
 * Pure: per-utterance speaker labels (0, 1, … by first appearance) from the words' own speaker labels
 * (majority per utterance), or null when any word has none.
 */
export function labelsFromWords(utts: Word[][]): number[] | null {
  if (utts.length === 0 || utts.some((ws) => ws.length === 0 || ws.some((w) => w.speaker === undefined)))
    return null;
  const ids = new Map<string, number>();
  return utts.map((ws) => {
    const count = new Map<string, number>();
    for (const w of ws) count.set(w.speaker!, (count.get(w.speaker!) ?? 0) + (w.end - w.start));
    const top = [...count].sort((a, b) => b[1] - a[1])[0]![0];
    if (!ids.has(top)) ids.set(top, ids.size);
    return ids.get(top)!;
  });
}

/** Pure: the app language an engine heard; a language the app does not serve is said plainly. */
export function heardLanguage(code: string | undefined): LanguageCode {
  if (code === undefined)
    throw new DubError("engine_failed", "the engine did not say which language it heard");
  if (isSpokenLanguage(code) && code !== DETECT) return code;
  const name = new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  throw new DubError(
    "unsupported_language",
    `the speech is in ${name} (${code}), which is not one of the languages this server transcribes`,
  );
}

/**
 * Below this probability a detected language is not taken: the creator picks it. Measured on the bench's
 * clips (bench/pipeline/asr.ts, docs/ENGINES.md): base gives a clear Spanish, French, German or English
 * 0.85–1.0; espeak-ng's Esperanto, a language Whisper does not know, comes out "Spanish, 0.46".
 */
export const DETECT_MIN_PROBABILITY = 0.6;

/**
 * Pure: the app language a detection found, when it is sure enough (unsure_language below `min`, with
 * what was heard); a language the app does not serve is said plainly (unsupported_language).
 */
export function detectedLanguage(
  detected: { language: string; probability: number } | undefined,
  min = DETECT_MIN_PROBABILITY,
): LanguageCode {
  if (detected && detected.probability < min) {
    const name = new Intl.DisplayNames(["en"], { type: "language" }).of(detected.language);
    throw new DubError(
      "unsure_language",
      `the spoken language is not certain: it sounds most like ${name ?? detected.language} (${Math.round(detected.probability * 100)} % sure)`,
      { detected },
    );
  }
  try {
    return heardLanguage(detected?.language);
  } catch (err) {
    if (err instanceof DubError && detected)
      throw new DubError(err.code, err.message, { detected, cause: err.cause });
    throw err;
  }
}

/**
 * Video → transcript with speakers: extract 16 kHz audio, find speech, ASR with word times, sentence
 * segments (≤ 15 s, split at pauses and detected speaker changes), diarization, default voices.
 * Errors: MediaError not_found / not_media; DubError no_audio, no_speech, no_engine, aborted.
 */
export async function transcribe(video: string, opts: TranscribeOptions = {}): Promise<TranscriptDoc> {
  const spoken = opts.language ?? "en";
  if (!isSpokenLanguage(spoken))
    throw new DubError("unsupported_language", `unsupported language "${spoken}"`);
  const detect = spoken === DETECT;
  // until the engine has heard it: English, which only a failed detection could leave behind
  let language: LanguageCode = detect ? "en" : spoken;
  const registry = opts.registry ?? createDefaultRegistry();
  const report = progressReporter(
    { probe: 1, extract: 5, separate: 12, asr: 74, diarize: 8 },
    opts.onProgress,
  );
  const timings: Record<string, number> = {};
  let t = performance.now();
  report("probe", 0);
  const info = await probe(video, { signal: opts.signal });
  if (!info.audio)
    throw new DubError("no_audio", "the video has no audio track: there is nothing to transcribe");
  const asr = await recognizerFor(registry, spoken, opts.asrEngine);
  const diarizer = await registry.pickDiarization();
  timings.probe = since(t);

  const work = await workDir(opts.workDir, "dub-transcribe-");
  let track: (Track & { close(): Promise<void> }) | null = null;
  try {
    t = performance.now();
    let wavFile = join(work.dir, "audio16k.wav");
    await runFfmpeg(extractAudioArgs(video, wavFile), {
      durationMs: info.durationMs,
      signal: opts.signal,
      onProgress: (f) => report("extract", f),
    });
    // the audio is never held whole: its speech found as it streams past, the rest read by region
    // (audio/track.ts; 16 kHz floats would be 230 MB an hour)
    let speech = await speechInWav(wavFile);
    const totalMs = await wavDurationMs(wavFile);
    timings.extract = since(t);
    if (speech.length === 0) throw new DubError("no_speech", "no speech found: the audio track is silent");

    // recognition listens to the voice stem (the music and effects taken out) when there is one
    let separation: DocMeta["separation"];
    let heardOn: SpeechActivity["heardOn"] = "original";
    let heardWav = wavFile;
    if (opts.separate ?? true) {
      t = performance.now();
      report("separate", 0);
      const stem = await onVoiceStem(video, work.dir, {
        ...{ registry, channels: info.audio.channels, durationMs: info.durationMs || totalMs, speech },
        ...{ stemsDir: opts.stemsDir, prefer: opts.separationEngine, signal: opts.signal },
        onProgress: (f) => report("separate", f),
      });
      separation = stem.separation;
      if (stem.voice) {
        speech = stem.voice.speech;
        heardOn = "voice";
        heardWav = stem.voice.wavFile;
        if ((opts.asrOn ?? "original") === "voice") wavFile = stem.voice.wavFile;
      }
      timings.separate = since(t);
      if (speech.length === 0) throw new DubError("no_speech", "no speech found in the separated voice");
    }
    // kept with the project even when the separation failed: speech no segment covers is marked from it
    // with where a voice model hears a voice there (music left in the voice stem is no speech)
    if (opts.stemsDir) {
      const voiced = await heardVoice(heardWav, { signal: opts.signal });
      await writeSpeechActivity(opts.stemsDir, { heardOn, regions: speech, ...(voiced && { voiced }) });
    }

    // the audio recognition listens to, read by region from here on
    track = await openWavTrack(wavFile);
    const audio: Track = track;
    t = performance.now();
    report("asr", 0);
    const {
      words,
      params: asrParams,
      detected,
    } = await asr.transcribe({
      wavFile,
      sampleRate: audio.sampleRate,
      language,
      detect,
      speech,
      concurrency: opts.concurrency,
      speakers: opts.speakers,
      signal: opts.signal,
      onProgress: (f) => report("asr", f),
      ...(opts.checkpointDir && { checkpoint: join(opts.checkpointDir, "asr.json") }),
    });
    timings.asr = since(t);
    throwIfAborted(opts.signal);
    if (detect) language = detectedLanguage(detected);
    if (words.length === 0) throw new DubError("no_speech", "no words were recognised in the audio");

    t = performance.now();
    const segOpts = { pauseMs: opts.pauseMs ?? 400, maxMs: opts.maxSegmentMs ?? 15_000 };
    const { utts: split, breaks } = await splitAtSpeakerChanges(words, audio, segOpts);
    const utts = snapToSpeech(split, speech);
    report("diarize", 0.3);
    // an ASR engine that labels speakers itself is used as the diarization (PRODUCT.md § Engines)
    // one speaker, as the user said: nothing to tell apart
    const fromAsr = asr.capabilities.speakerLabels ? labelsFromWords(utts.map((u) => u.words)) : null;
    const { labels, params: diaParams } =
      opts.speakers === 1
        ? { labels: utts.map(() => 0), params: { source: "one speaker, as given" } }
        : fromAsr
          ? { labels: fromAsr, params: { source: asr.id } }
          : await diarizer.diarize({
              audio,
              segments: utts,
              speakers: opts.speakers,
              maxSpeakers: opts.maxSpeakers ?? 8,
              signal: opts.signal,
            });
    const diarizationId = fromAsr ? asr.id : diarizer.id;
    const speakers = await speakersHeard(audio, utts, labels, language);
    const transcript = utts.map((u, i) => ({
      speaker: `speaker-${(labels[i] ?? 0) + 1}`,
      text: sentenceText(u.words),
      start: u.start,
      end: u.end,
    }));
    timings.diarize = since(t);
    report("diarize", 1);
    return {
      language,
      speakers,
      transcript,
      meta: {
        durationMs: info.durationMs || totalMs,
        asr: { id: asr.id, params: asrParams },
        ...(detect && detected ? { detected } : {}),
        diarization: { id: diarizationId, params: { ...diaParams, changePoints: breaks.length } },
        ...(separation ? { separation } : {}),
        timings,
      },
    };
  } finally {
    await track?.close();
    await work.done();
  }
}

/**
 * The utterances, split where the speaker changes inside a long one (no pause between two speakers);
 * the breaks found, for the record.
 */
async function splitAtSpeakerChanges(
  words: Parameters<typeof segmentWords>[0],
  audio: Track,
  segOpts: { pauseMs: number; maxMs: number },
) {
  const utts = segmentWords(words, segOpts);
  const breaks: number[] = [];
  for (const u of utts) {
    if (u.end - u.start < 3000 || u.words.length < 4) continue;
    const candidates = u.words.slice(1).map((w, i) => Math.round((u.words[i]!.end + w.start) / 2));
    // only this utterance's samples are read
    const { samples, offsetMs } = await regionClip(audio, u);
    breaks.push(...changePoints({ samples, sampleRate: audio.sampleRate, offsetMs, region: u, candidates }));
  }
  return { utts: breaks.length ? segmentWords(words, { ...segOpts, breaks }) : utts, breaks };
}

/**
 * The speakers the labels name, each with a first voice of the gender its pitch says and what its own
 * speech measures (for voices that follow it: its longest utterances, a minute at most).
 */
async function speakersHeard(
  audio: Track,
  utts: { start: number; end: number }[],
  labels: number[],
  language: LanguageCode,
): Promise<Speaker[]> {
  const count = labels.length ? Math.max(...labels) + 1 : 0;
  const genders: Gender[] = [];
  const measured: (Prosody | undefined)[] = [];
  for (let s = 0; s < count; s++) {
    const regions = utts.filter((_, i) => labels[i] === s);
    // read by region: the first lines that hold the pitch frames, the longest minute of speech
    const f0 = await trackMedianPitch(audio, regions);
    genders.push(genderOfPitch(f0));
    const own = (await packedRegions(audio, longestFirst(regions))).samples;
    measured.push(speakerMeasure(own, audio.sampleRate) ?? undefined);
  }
  const voices = defaultVoices(language, genders);
  return genders.map((_, s) => {
    const m = measured[s];
    return {
      id: `speaker-${s + 1}`,
      name: `Speaker ${s + 1}`,
      selectedVoice: voices[s]!,
      style: m ? { match: true, measured: m } : { match: true },
    };
  });
}

/**
 * The voice stem, and where the voice speaks on it (the music no longer hides the pauses or fills them).
 * Recognition decodes those stretches of the stem, or with `asrOn: "original"` of the original audio (the
 * mask's artefacts cost pocketsphinx more than the music: see ENGINES.md). A separation that fails is
 * recorded with its reason, and recognition listens to the original.
 */
async function onVoiceStem(
  video: string,
  workDir: string,
  opts: Parameters<typeof separateStems>[2] & { stemsDir?: string; signal?: AbortSignal },
) {
  const stemsDir = opts.stemsDir ?? join(workDir, "stems");
  try {
    await mkdir(stemsDir, { recursive: true });
    const stems = await separateStems(video, stemsDir, opts);
    const wavFile = join(workDir, "voice16k.wav");
    await runFfmpeg(extractAudioArgs(stems.voice, wavFile), { signal: opts.signal });
    // where the voice speaks, read as the file streams past: the stem's samples are not held
    const separation: DocMeta["separation"] = { id: stems.engine, params: stems.params };
    return { separation, voice: { wavFile, speech: await speechInWav(wavFile) } };
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    const separation: DocMeta["separation"] = {
      id: null,
      reason: err instanceof Error ? err.message : String(err),
    };
    return { separation, voice: null };
  }
}

/** The recognition engine for a language, or for "detect" one that finds the language (a multilingual model). */
function recognizerFor(registry: EngineRegistry, language: SpokenLanguage, prefer?: string) {
  if (language !== DETECT) return registry.pickAsr(language, prefer);
  return registry.pickAsrDetecting(prefer).catch((err: unknown) => {
    throw new DubError(
      "no_engine",
      "no speech recognition here can find the spoken language (it needs a multilingual model)",
      { cause: err },
    );
  });
}
