// The whole pipeline on cloud engines — Deepgram (ASR with speakers), DeepL (MT), Azure Speech (TTS) —
// each served by a local stand-in speaking the provider's wire format: the generated two-speaker
// video is "recognised" from its known script, "translated" by a marked copy, and "spoken" as tones
// whose length follows the text and the SSML rate. What is checked is everything around the engines:
// picking them, speakers from the ASR, sentence segments, voices, rates, mixing, output.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeepgramEngine } from "../asr/deepgram.ts";
import { encodeWav } from "../audio/wav.ts";
import { createLocalDiarizer } from "../diarize/local.ts";
import type { TranscriptDoc } from "../doc.ts";
import { EngineRegistry } from "../engines/registry.ts";
import { probe } from "../media/probe.ts";
import { createDeepLEngine } from "../mt/deepl.ts";
import { DIALOGUE, type Dialogue, makeDialogue } from "../testing/dialogue.ts";
import { type FakeServer, sendJson, startFakeServer } from "../testing/fake-server.ts";
import { tempDir } from "../testing/fixtures.ts";
import { createAzureTtsEngine } from "../tts/azure.ts";
import { createEspeakEngine } from "../tts/espeak.ts";
import { type DubResult, dub } from "./dub.ts";
import { transcribe } from "./transcribe.ts";
import { translate } from "./translate.ts";

const t = tempDir("dub-cloud-");
let d: Dialogue;
let servers: FakeServer[] = [];
let doc: TranscriptDoc;
let es: TranscriptDoc;
let result: DubResult;
const ssmlRates: number[] = [];

/** Deepgram: the script's words spread over each line's true time span, speaker by voice. */
function deepgramAnswer() {
  const words = d.truth.flatMap((line) => {
    const ws = line.text.split(" ");
    const step = (line.end - line.start) / ws.length;
    return ws.map((w, i) => ({
      word: w.replace(/[.,]/g, "").toLowerCase(),
      punctuated_word: w,
      start: (line.start + i * step) / 1000,
      end: (line.start + (i + 0.8) * step) / 1000,
      confidence: 0.98,
      speaker: line.voice === "awb" ? 0 : 1,
    }));
  });
  return {
    metadata: { request_id: "r1" },
    results: { channels: [{ alternatives: [{ transcript: "", words }] }] },
  };
}

/** Azure TTS: a 220 Hz tone, 80 ms per character at the normal rate, shorter at a faster SSML rate. */
function azureAnswer(ssml: string): Buffer {
  const text = /<prosody[^>]*>([^<]*)<\/prosody>/.exec(ssml)?.[1] ?? ssml.replace(/<[^>]+>/g, "");
  const pct = Number(/rate="([+-][\d.]+)%"/.exec(ssml)?.[1] ?? 0);
  const rate = 1 + pct / 100;
  ssmlRates.push(rate);
  const sr = 24_000;
  const n = Math.round(((text.length * 80) / 1000 / rate) * sr);
  const s = Float32Array.from({ length: n }, (_v, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / sr));
  return encodeWav(s, sr);
}

beforeAll(async () => {
  d = makeDialogue(t.dir);
  const deepgram = await startFakeServer((req, res) => {
    if (req.path !== "/v1/listen" || req.headers.authorization !== "Token dg-key")
      return sendJson(res, 401, {});
    sendJson(res, 200, deepgramAnswer());
  });
  const deepl = await startFakeServer((req, res) => {
    if (req.headers.authorization !== "DeepL-Auth-Key dl-key") return sendJson(res, 403, { message: "no" });
    const body = JSON.parse(req.body.toString()) as { text: string[]; target_lang: string };
    sendJson(res, 200, {
      translations: body.text.map((x) => ({
        detected_source_language: "EN",
        text: `${x} (${body.target_lang})`,
      })),
    });
  });
  const azure = await startFakeServer((req, res) => {
    if (req.headers["ocp-apim-subscription-key"] !== "az-key") return sendJson(res, 401, {});
    res.writeHead(200, { "content-type": "audio/wav" }).end(azureAnswer(req.body.toString()));
  });
  servers = [deepgram, deepl, azure];
  const registry = new EngineRegistry()
    .register(createDeepgramEngine({ apiKey: "dg-key", baseUrl: deepgram.url }))
    .register(createLocalDiarizer())
    .register(createDeepLEngine({ apiKey: "dl-key", baseUrl: deepl.url }))
    .register(createAzureTtsEngine({ key: "az-key", endpoint: azure.url }))
    .register(createEspeakEngine());
  doc = await transcribe(d.video, { registry });
  es = await translate(doc, "es", { registry });
  result = await dub(d.video, es, { registry, output: `${t.dir}/out/cloud.es.mp4` });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  t.cleanup();
});

describe("pipeline on cloud engines (local stand-ins)", () => {
  it("takes the transcript's sentences and speakers from the ASR engine", () => {
    expect(doc.meta?.asr?.id).toBe("deepgram");
    expect(doc.meta?.diarization?.id).toBe("deepgram");
    expect(doc.transcript.map((s) => s.text)).toEqual(DIALOGUE.map((l) => l.text));
    // one speaker id per voice of the script, and two speakers
    const pairs = new Set(doc.transcript.map((s, i) => `${s.speaker}=${DIALOGUE[i]!.voice}`));
    expect(pairs.size).toBe(2);
    expect(doc.speakers).toHaveLength(2);
  });

  it("translates every segment with DeepL and records it", () => {
    expect(es.meta?.translation?.id).toBe("deepl");
    expect(es.transcript.map((s) => s.text)).toEqual(DIALOGUE.map((l) => `${l.text} (ES)`));
  });

  it("speaks with the catalogue's Azure voices, faster where a line does not fit", async () => {
    const voices = Object.values(result.report.voices);
    expect(voices.every((v) => v.engine === "azure-tts" && v.voice === v.catalogVoice)).toBe(true);
    // 80 ms per character does not fit most lines even with the silence after them: the second pass
    // asks Azure for a faster rate
    expect(Math.max(...ssmlRates)).toBeGreaterThan(1.05);
    expect(result.report.totals.atMost1_3).toBeGreaterThan(0.5);
    const info = await probe(result.mp4);
    expect(Math.abs(info.durationMs - d.durationMs)).toBeLessThan(100);
    expect(info.audio).toBeTruthy();
  });
});
