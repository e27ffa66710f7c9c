import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { trimBounds } from "../audio/dsp.ts";
import { encodeWav } from "../audio/wav.ts";
import { DubError } from "../errors.ts";
import { isLanguageCode, type LanguageCode } from "../languages.ts";
import { runFfmpeg } from "../media/run.ts";
import { createDefaultRegistry } from "../wiring/default.ts";
import type { CommonOptions } from "./common.ts";
import { resolveVoice } from "./voices.ts";

/** Sample sentences for voice previews, per language (ASCII-safe where the script allows). */
export const SAMPLE_TEXT: Partial<Record<LanguageCode, string>> = {
  en: "Hello! This is how I sound when I dub your videos.",
  es: "¡Hola! Así sueno cuando doblo tus vídeos.",
  fr: "Bonjour ! Voici ma voix quand je double vos vidéos.",
  de: "Hallo! So klinge ich, wenn ich deine Videos synchronisiere.",
  it: "Ciao! Ecco come suono quando doppio i tuoi video.",
  pt: "Olá! É assim que eu soo quando dublo os seus vídeos.",
  nl: "Hallo! Zo klink ik als ik je video's nasynchroniseer.",
  sv: "Hej! Så här låter jag när jag dubbar dina videor.",
  pl: "Cześć! Tak brzmię, kiedy dubbinguję twoje filmy.",
  tr: "Merhaba! Videolarınızı seslendirirken böyle konuşurum.",
  ru: "Привет! Так звучит мой голос в ваших видео.",
  ja: "こんにちは。わたしのこえです。",
  ko: "안녕하세요. 제 목소리입니다.",
  zh: "你好，这是我的声音。",
  cmn: "你好，这是我的声音。",
  ar: "مرحبا! هذا هو صوتي.",
  hi: "नमस्ते! यह मेरी आवाज़ है।",
  vi: "Xin chào! Đây là giọng của tôi.",
  th: "สวัสดี นี่คือเสียงของฉัน",
  el: "Γειά σας! Αυτή είναι η φωνή μου.",
  he: "שלום! זה הקול שלי.",
};

/**
 * Which engine voice would speak a catalogue voice's sample now, as a path-safe name
 * ("azure-tts/en-US-AvaMultilingualNeural", "espeak-ng/es_f1"): a stored sample is only valid for it
 * (configuring a cloud engine later changes the voice).
 */
export async function sampleVoiceName(
  voice: string,
  language: string,
  opts: Pick<CommonOptions, "registry"> = {},
): Promise<string> {
  if (!isLanguageCode(language))
    throw new DubError("unsupported_language", `unsupported language "${language}"`);
  const registry = opts.registry ?? createDefaultRegistry();
  const v = await resolveVoice(registry, { id: "sample", name: "sample", selectedVoice: voice }, language);
  return `${v.engine.id}/${v.voice.id}`.replace(/[^A-Za-z0-9._/-]/g, "_");
}

/**
 * A voice preview: `voice` (catalogue value or "engine:id") speaking `text` (default: a sample
 * sentence) in `language`, written as MP3 (or WAV when the output ends in .wav).
 */
export async function renderVoiceSample(
  voice: string,
  language: string,
  output: string,
  opts: CommonOptions & { text?: string } = {},
): Promise<{ file: string; engine: string; localVoice: string; durationMs: number }> {
  if (!isLanguageCode(language))
    throw new DubError("unsupported_language", `unsupported language "${language}"`);
  const registry = opts.registry ?? createDefaultRegistry();
  const v = await resolveVoice(registry, { id: "sample", name: "sample", selectedVoice: voice }, language);
  const text = opts.text ?? SAMPLE_TEXT[language] ?? SAMPLE_TEXT.en!;
  const clip = await v.engine.synthesize({ text, voice: v.voice.id, language, signal: opts.signal });
  const b = trimBounds(clip.samples, clip.sampleRate);
  const samples = clip.samples.slice(b.start, b.end);
  const wav = encodeWav(samples, clip.sampleRate);
  if (output.toLowerCase().endsWith(".wav")) await writeFile(output, wav);
  else {
    const dir = await mkdtemp(join(tmpdir(), "dub-sample-"));
    try {
      await writeFile(join(dir, "s.wav"), wav);
      await runFfmpeg(["-i", join(dir, "s.wav"), "-c:a", "libmp3lame", "-q:a", "4", "-f", "mp3", output], {
        signal: opts.signal,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  opts.onProgress?.({ stage: "sample", fraction: 1 });
  return {
    file: output,
    engine: v.engine.id,
    localVoice: v.voice.id,
    durationMs: Math.round((samples.length / clip.sampleRate) * 1000),
  };
}
