import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { azureLocale } from "../engines/azure.ts";
import { LANGUAGES } from "../languages.ts";
import { sendJson } from "../testing/fake-server.ts";
import { tempDir } from "../testing/fixtures.ts";
import {
  abortAfter,
  expectAborted,
  expectProviderError,
  formOf,
  later,
  toneInput,
  useFakeServer,
} from "../testing/providers.ts";
import {
  AZURE_STT_API_VERSION,
  azureDefinition,
  azureTranscribeUrl,
  createAzureAsrEngine,
  parseAzureWords,
} from "./azure.ts";

const KEY = "azkey-test-5e6f7a8b9c";
/** A documented-shape answer with diarization on (phrases out of order, as the docs don't promise it). */
const ANSWER = {
  durationMilliseconds: 3000,
  combinedPhrases: [{ channel: 0, text: "Good afternoon. Hi there." }],
  phrases: [
    {
      channel: 0,
      speaker: 0,
      offsetMilliseconds: 1600,
      durationMilliseconds: 640,
      text: "Hi there.",
      words: [
        { text: "Hi", offsetMilliseconds: 1600, durationMilliseconds: 240 },
        { text: "there.", offsetMilliseconds: 1840, durationMilliseconds: 400 },
      ],
      locale: "en-US",
      confidence: 0.93,
    },
    {
      channel: 0,
      speaker: 1,
      offsetMilliseconds: 960,
      durationMilliseconds: 640,
      text: "Good afternoon.",
      words: [
        { text: "Good", offsetMilliseconds: 960, durationMilliseconds: 240 },
        { text: "afternoon.", offsetMilliseconds: 1200, durationMilliseconds: 400 },
      ],
      locale: "en-US",
      confidence: 0.93,
    },
  ],
};

describe("Azure Speech pure parts", () => {
  it("maps every app language to a locale", () => {
    expect(azureLocale("en")).toBe("en-US");
    expect(azureLocale("es")).toBe("es-ES");
    expect(azureLocale("pt")).toBe("pt-BR");
    expect(azureLocale("zh")).toBe("zh-CN");
    expect(azureLocale("cmn")).toBe("zh-CN");
    expect(azureLocale("he")).toBe("he-IL");
    for (const { code } of LANGUAGES) expect(azureLocale(code)).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
  });
  it("builds the URL on the region or on a custom endpoint", () => {
    expect(azureTranscribeUrl({ region: "westeurope" })).toBe(
      "https://westeurope.api.cognitive.microsoft.com/speechtotext/transcriptions:transcribe?api-version=2025-10-15",
    );
    expect(azureTranscribeUrl({ region: "x", endpoint: "https://my.cognitiveservices.azure.com/" })).toBe(
      "https://my.cognitiveservices.azure.com/speechtotext/transcriptions:transcribe?api-version=2025-10-15",
    );
  });
  it("asks for diarization only when told", () => {
    expect(azureDefinition("en-US", true)).toEqual({
      locales: ["en-US"],
      diarization: { enabled: true, maxSpeakers: 8 },
      profanityFilterMode: "None",
    });
    expect(azureDefinition("en-US", false)).toEqual({ locales: ["en-US"], profanityFilterMode: "None" });
  });
  it("reads words in ms with the phrase's speaker, sorted", () => {
    expect(parseAzureWords(ANSWER)).toEqual([
      { text: "Good", start: 960, end: 1200, speaker: "1" },
      { text: "afternoon.", start: 1200, end: 1600, speaker: "1" },
      { text: "Hi", start: 1600, end: 1840, speaker: "0" },
      { text: "there.", start: 1840, end: 2240, speaker: "0" },
    ]);
    expect(parseAzureWords({})).toEqual([]);
  });
  it("puts punctuation words onto their neighbours (Chinese) and keeps phrases without words", () => {
    const doc = {
      phrases: [
        {
          offsetMilliseconds: 0,
          durationMilliseconds: 400,
          text: "他说“你好”",
          words: [
            { text: "他", offsetMilliseconds: 0, durationMilliseconds: 40 },
            { text: "说", offsetMilliseconds: 40, durationMilliseconds: 40 },
            { text: "“", offsetMilliseconds: 80, durationMilliseconds: 40 },
            { text: "你", offsetMilliseconds: 120, durationMilliseconds: 40 },
            { text: "好", offsetMilliseconds: 160, durationMilliseconds: 40 },
            { text: "”", offsetMilliseconds: 200, durationMilliseconds: 40 },
            { text: "。", offsetMilliseconds: 240, durationMilliseconds: 40 },
          ],
        },
        { offsetMilliseconds: 500, durationMilliseconds: 300, text: "好的！" },
        {
          offsetMilliseconds: 900,
          durationMilliseconds: 300,
          text: "Thank you.",
          words: [
            { text: "Thank", offsetMilliseconds: 900, durationMilliseconds: 100 },
            { text: "you", offsetMilliseconds: 1000, durationMilliseconds: 200 },
          ],
        },
      ],
    };
    expect(parseAzureWords(doc).map((w) => w.text)).toEqual([
      "他",
      "说",
      "“你",
      "好”。",
      "好的！",
      "Thank",
      "you.",
    ]);
    expect(parseAzureWords(doc)[4]).toEqual({ text: "好的！", start: 500, end: 800 });
  });
});

describe("Azure Speech engine (fake server)", () => {
  const t = tempDir();
  const s = useFakeServer();
  afterAll(() => t.cleanup());
  const engine = () => createAzureAsrEngine({ key: KEY, endpoint: s.url });

  it("describes itself and needs a key and a region", async () => {
    expect(await createAzureAsrEngine({ key: "", region: "westeurope" }).available()).toEqual({
      ok: false,
      reason: "no Azure Speech key configured (set AZURE_SPEECH_KEY)",
    });
    expect((await createAzureAsrEngine({ key: KEY, region: "", endpoint: "" }).available()).reason).toMatch(
      /set AZURE_SPEECH_REGION or AZURE_SPEECH_ENDPOINT/,
    );
    expect(await createAzureAsrEngine({ key: KEY, region: "westeurope", endpoint: "" }).available()).toEqual({
      ok: true,
    });
    const e = engine();
    expect(e).toMatchObject({ id: "azure-stt", kind: "asr", local: false });
    expect(e.capabilities).toEqual({ wordTimes: true, speakerLabels: true });
    expect(e.languages).toHaveLength(21);
  });

  it("posts the audio and the definition as documented and returns speaker-labelled words", async () => {
    s.answer = (_req, res) => sendJson(res, 200, ANSWER);
    const input = toneInput(t.dir, 3000, "pt");
    const progress: number[] = [];
    const result = await engine().transcribe({ ...input, onProgress: (f) => progress.push(f) });
    expect(result.words.map((w) => [w.text, w.start, w.end, w.speaker])).toEqual([
      ["Good", 960, 1200, "1"],
      ["afternoon.", 1200, 1600, "1"],
      ["Hi", 1600, 1840, "0"],
      ["there.", 1840, 2240, "0"],
    ]);
    expect(result.params).toEqual({ apiVersion: AZURE_STT_API_VERSION, locale: "pt-BR", diarization: true });
    expect(progress).toEqual([1]);

    expect(s.requests).toHaveLength(1);
    const req = s.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/speechtotext/transcriptions:transcribe");
    expect(Object.fromEntries(req.query)).toEqual({ "api-version": "2025-10-15" });
    expect(req.headers["ocp-apim-subscription-key"]).toBe(KEY);
    expect(req.headers.authorization).toBeUndefined();
    expect(req.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formOf(req);
    expect(JSON.parse(String(form.get("definition")))).toEqual({
      locales: ["pt-BR"],
      diarization: { enabled: true, maxSpeakers: 8 },
      profanityFilterMode: "None",
    });
    const audio = form.get("audio") as File;
    expect(audio.type).toBe("audio/wav");
    expect(Buffer.from(await audio.arrayBuffer()).equals(readFileSync(input.wavFile))).toBe(true);
  });

  it("reports the provider's error without the key", async () => {
    for (const [status, message] of [
      [401, "Access denied due to invalid subscription key or wrong API endpoint."],
      [413, "The audio file is too large."],
      [429, "Too many requests."],
    ] as const) {
      s.answer = (_req, res) => sendJson(res, status, { error: { code: String(status), message } });
      await expectProviderError(
        engine().transcribe(toneInput(t.dir, 1000)),
        `Azure Speech answered ${status}: ${message}`,
        KEY,
      );
    }
  });

  it("stops when aborted", async () => {
    s.answer = later(2000, (_req, res) => sendJson(res, 200, ANSWER));
    await expectAborted(engine().transcribe({ ...toneInput(t.dir, 1000), signal: abortAfter(50) }));
  });
});
