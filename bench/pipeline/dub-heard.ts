// The published dub heard back: a man and a woman (flite awb and slt) over real music (frontiers.mp3,
// 14 dB under the speech), dubbed offline into each language a clear voice speaks here (the lines typed in
// that language, so the figure is the voices' and the mix's, not a translation's), "keep" background,
// voices following their speakers. The published audio is decoded and heard back by the multilingual
// base model over the lines' slots; printed: word error rate against the lines, the voices, each speaker's
// heard pitch against their own, and the card's music check. Figures only.
//   node bench/pipeline/dub-heard.ts [--languages es,fr]
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createFasterWhisperEngine } from "../../packages/dubbing/src/asr/faster-whisper.ts";
import { medianPitch } from "../../packages/dubbing/src/audio/features.ts";
import { encodeWav } from "../../packages/dubbing/src/audio/wav.ts";
import type { TranscriptDoc } from "../../packages/dubbing/src/doc.ts";
import type { LanguageCode } from "../../packages/dubbing/src/languages.ts";
import { dub } from "../../packages/dubbing/src/pipeline/dub.ts";
import { DIALOGUE, makeDialogue, wordErrorRate } from "../../packages/dubbing/src/testing/dialogue.ts";
import { speechOverMusic } from "../../packages/dubbing/src/testing/music.ts";

const LINES: Partial<Record<LanguageCode, string[]>> = {
  es: [
    "Buenos días y bienvenidos al programa.",
    "Gracias, es un placer estar aquí hoy.",
    "Hablemos del tiempo en las montañas esta semana.",
    "Mucha gente piensa viajar el fin de semana.",
    "El pronóstico dice que hará frío y viento con algo de nieve.",
    "La mayoría de las carreteras estarán abiertas, pero hay que tener cuidado.",
    "Muchas gracias por su tiempo.",
    "De nada, que tenga una buena tarde.",
  ],
  fr: [
    "Bonjour et bienvenue dans l'émission.",
    "Merci, c'est un plaisir d'être ici aujourd'hui.",
    "Parlons du temps à la montagne cette semaine.",
    "Beaucoup de gens veulent voyager ce week-end.",
    "La météo annonce du froid et du vent avec un peu de neige.",
    "La plupart des routes seront ouvertes, mais il faut être prudent.",
    "Merci beaucoup pour votre temps.",
    "Je vous en prie, bonne soirée.",
  ],
  de: [
    "Guten Morgen und willkommen zur Sendung.",
    "Danke, es ist mir eine Freude, heute hier zu sein.",
    "Sprechen wir über das Wetter in den Bergen diese Woche.",
    "Viele Leute wollen am Wochenende verreisen.",
    "Die Vorhersage sagt, es wird kalt und windig mit etwas Schnee.",
    "Die meisten Straßen bleiben offen, aber man sollte vorsichtig sein.",
    "Vielen Dank für Ihre Zeit.",
    "Gern geschehen, einen schönen Abend noch.",
  ],
  it: [
    "Buongiorno e benvenuti al programma.",
    "Grazie, è un piacere essere qui oggi.",
    "Parliamo del tempo in montagna questa settimana.",
    "Molte persone vogliono viaggiare nel fine settimana.",
    "Le previsioni dicono che farà freddo e vento con un po' di neve.",
    "La maggior parte delle strade sarà aperta, ma bisogna stare attenti.",
    "Grazie mille per il suo tempo.",
    "Prego, buona serata.",
  ],
  pt: [
    "Bom dia e bem-vindos ao programa.",
    "Obrigada, é um prazer estar aqui hoje.",
    "Vamos falar do tempo nas montanhas esta semana.",
    "Muitas pessoas querem viajar no fim de semana.",
    "A previsão diz que vai estar frio e vento com alguma neve.",
    "A maioria das estradas vai estar aberta, mas é preciso cuidado.",
    "Muito obrigado pelo seu tempo.",
    "De nada, tenha uma boa noite.",
  ],
};

const { values } = parseArgs({ options: { languages: { type: "string", default: "es,fr,de,it,pt" } } });
const dir = mkdtempSync(join(tmpdir(), "dub-bench-heard-"));
const plain = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
const d = makeDialogue(dir, DIALOGUE, { name: "pair" });
const { video } = speechOverMusic(dir, d.wav, { name: "pair-music" });
const decode = (file: string) => {
  const raw = execFileSync(
    "ffmpeg",
    [...["-hide_banner", "-loglevel", "error", "-i", file, "-ac", "1", "-ar", "16000", "-f", "f32le", "-"]],
    { maxBuffer: 1 << 28 },
  );
  return new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4).slice();
};
const original = decode(video);
const own = (voice: string) =>
  medianPitch(
    original,
    16000,
    d.truth.filter((t) => t.voice === voice),
  );
const speakers = [
  { id: "m", name: "M", voice: "awb", selectedVoice: "en-US-AndrewMultilingualNeural" },
  { id: "f", name: "F", voice: "slt", selectedVoice: "en-US-AvaMultilingualNeural" },
].map((s) => ({ ...s, pitchHz: own(s.voice) }));
const asr = createFasterWhisperEngine({});
const load0 = loadavg()[0]?.toFixed(2);
const rows: string[] = [];
for (const language of values.languages.split(",") as LanguageCode[]) {
  const texts = LINES[language];
  if (!texts) continue;
  const doc: TranscriptDoc = {
    language,
    speakers: speakers.map((s) => ({
      id: s.id,
      name: s.name,
      selectedVoice: s.selectedVoice,
      style: { match: true, measured: { pitchHz: s.pitchHz, rangeSt: 4, syllablesPerSec: 4.5 } },
    })),
    transcript: d.truth.map((t, i) => ({
      speaker: t.voice === "awb" ? "m" : "f",
      text: texts[i]!,
      start: t.start,
      end: t.end,
    })),
  };
  const output = join(dir, `pair.${language}.mp4`);
  const r = await dub(video, doc, { output, workDir: join(dir, `work-${language}`), checks: {} });
  const audio = decode(output);
  const heard: string[] = [];
  for (const [i, t] of d.truth.entries()) {
    const from = Math.floor(t.start * 16);
    const samples = audio.slice(from, Math.min(audio.length, Math.floor((t.end + 400) * 16)));
    const wavFile = join(dir, `heard-${language}-${i}.wav`);
    writeFileSync(wavFile, encodeWav(samples, 16000));
    const a = await asr.transcribe({
      ...{ wavFile, samples, sampleRate: 16000, language },
      speech: [{ start: 0, end: Math.floor(samples.length / 16) }],
    });
    heard.push(a.words.map((w) => w.text).join(" "));
  }
  const wer = wordErrorRate(plain(texts.join(" ")), plain(heard.join(" ")));
  const pitch = speakers
    .map((s) => {
      const at = medianPitch(
        audio,
        16000,
        d.truth.filter((t) => t.voice === s.voice),
      );
      return `${s.voice} ${at.toFixed(0)} Hz (own ${s.pitchHz.toFixed(0)})`;
    })
    .join(", ");
  const voices = Object.values(r.report.voices ?? {})
    .map((v) => `${v.engine} ${v.voice}`)
    .join(" / ");
  const music = (r.report.lines ?? []).map((l) => l.checks.find((c) => c.check === "music")?.value ?? "-");
  rows.push(
    `| ${language} | ${(wer * 100).toFixed(1)} % | ${voices} | ${pitch} | ${music.join(", ")} | ${r.report.separation?.engine ?? "-"} |`,
  );
  console.error(rows.at(-1), `(load ${loadavg()[0]?.toFixed(2)})`);
}
console.log(
  `\nThe published dub heard back by base: 8 lines, a man and a woman over music (load ${load0} at the start)`,
);
console.log(
  "| language | WER | voices (man / woman) | heard pitch | music under each line (dB drop) | separation |",
);
console.log("| --- | --- | --- | --- | --- | --- |");
for (const r of rows) console.log(r);
rmSync(dir, { recursive: true, force: true });
process.exit(0);
