import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { sendJson } from "../testing/fake-server.ts";
import { tempDir } from "../testing/fixtures.ts";
import {
  abortAfter,
  expectAborted,
  expectProviderError,
  later,
  toneInput,
  useFakeServer,
} from "../testing/providers.ts";
import {
  createDeepgramEngine,
  deepgramLanguage,
  deepgramLanguages,
  deepgramUrl,
  parseDeepgramWords,
} from "./deepgram.ts";

const KEY = "dg-test-0a1b2c3d4e";
/** A documented-shape pre-recorded answer (diarize + punctuate + smart_format), words out of order. */
const ANSWER = {
  metadata: { request_id: "r1", duration: 3.0, channels: 1, models: ["m"] },
  results: {
    channels: [
      {
        alternatives: [
          {
            transcript: "Hello, Anna. How are you?",
            confidence: 0.98,
            words: [
              { word: "how", start: 1.6, end: 1.76, confidence: 0.99, speaker: 1, punctuated_word: "How" },
              {
                word: "hello",
                start: 0.08,
                end: 0.48,
                confidence: 0.97,
                speaker: 0,
                punctuated_word: "Hello,",
              },
              {
                word: "anna",
                start: 0.56,
                end: 1.04,
                confidence: 0.91,
                speaker: 0,
                punctuated_word: "Anna.",
              },
              { word: "are", start: 1.76, end: 1.9, confidence: 0.99, speaker: 1, punctuated_word: "are" },
              { word: "you", start: 1.9, end: 2.3, confidence: 0.995, speaker: 1, punctuated_word: "you?" },
            ],
          },
        ],
      },
    ],
  },
};

describe("Deepgram pure parts", () => {
  it("maps app languages and knows what nova-2 lacks", () => {
    expect(deepgramLanguage("cmn")).toBe("zh-CN");
    expect(deepgramLanguage("zh")).toBe("zh-CN");
    expect(deepgramLanguage("pt")).toBe("pt");
    expect(deepgramLanguages("nova-3")).toHaveLength(21);
    expect(deepgramLanguages("nova-2-general")).not.toContain("ar");
    expect(deepgramLanguages("nova-2")).not.toContain("he");
    expect(deepgramLanguages("nova-2")).toHaveLength(19);
  });
  it("builds the documented query", () => {
    expect(deepgramUrl("https://api.deepgram.com/", "nova-3", "zh-CN")).toBe(
      "https://api.deepgram.com/v1/listen?model=nova-3&language=zh-CN&punctuate=true&diarize=true&smart_format=true",
    );
  });
  it("reads punctuated words in ms with confidences and speakers, sorted", () => {
    expect(parseDeepgramWords(ANSWER)).toEqual([
      { text: "Hello,", start: 80, end: 480, confidence: 0.97, speaker: "0" },
      { text: "Anna.", start: 560, end: 1040, confidence: 0.91, speaker: "0" },
      { text: "How", start: 1600, end: 1760, confidence: 0.99, speaker: "1" },
      { text: "are", start: 1760, end: 1900, confidence: 0.99, speaker: "1" },
      { text: "you?", start: 1900, end: 2300, confidence: 0.995, speaker: "1" },
    ]);
    // without punctuation or diarization
    expect(
      parseDeepgramWords({
        results: { channels: [{ alternatives: [{ words: [{ word: "hi", start: 0.1, end: 0.2 }] }] }] },
      }),
    ).toEqual([{ text: "hi", start: 100, end: 200 }]);
    expect(parseDeepgramWords({})).toEqual([]);
  });
});

describe("Deepgram engine (fake server)", () => {
  const t = tempDir();
  const s = useFakeServer();
  afterAll(() => t.cleanup());
  const engine = () => createDeepgramEngine({ apiKey: KEY, baseUrl: s.url, model: "nova-3" });

  it("describes itself and needs a key", async () => {
    const e = createDeepgramEngine({ apiKey: "" });
    expect(await e.available()).toEqual({
      ok: false,
      reason: "no Deepgram key configured (set DEEPGRAM_API_KEY)",
    });
    expect(await engine().available()).toEqual({ ok: true });
    expect(e).toMatchObject({ id: "deepgram", kind: "asr", local: false });
    expect(e.capabilities).toEqual({ wordTimes: true, speakerLabels: true });
  });

  it("posts the WAV with the documented query and token, and returns speaker-labelled words", async () => {
    s.answer = (_req, res) => sendJson(res, 200, ANSWER);
    const input = toneInput(t.dir, 3000, "cmn");
    const progress: number[] = [];
    const result = await engine().transcribe({ ...input, onProgress: (f) => progress.push(f) });
    expect(result.words.map((w) => [w.text, w.start, w.speaker])).toEqual([
      ["Hello,", 80, "0"],
      ["Anna.", 560, "0"],
      ["How", 1600, "1"],
      ["are", 1760, "1"],
      ["you?", 1900, "1"],
    ]);
    expect(result.params).toMatchObject({ model: "nova-3", language: "zh-CN" });
    expect(progress).toEqual([1]);

    expect(s.requests).toHaveLength(1);
    const req = s.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/listen");
    expect(Object.fromEntries(req.query)).toEqual({
      model: "nova-3",
      language: "zh-CN",
      punctuate: "true",
      diarize: "true",
      smart_format: "true",
    });
    expect(req.headers.authorization).toBe(`Token ${KEY}`);
    expect(req.headers["content-type"]).toBe("audio/wav");
    expect(req.body.equals(readFileSync(input.wavFile))).toBe(true);
  });

  it("reports the provider's error without the key", async () => {
    for (const [status, message] of [
      [401, "Invalid credentials."],
      [413, "Payload too large."],
      [429, "Too many requests. Please try again later."],
    ] as const) {
      s.answer = (_req, res) => sendJson(res, status, { err_code: "ERR", err_msg: message, request_id: "r" });
      await expectProviderError(
        engine().transcribe(toneInput(t.dir, 1000)),
        `Deepgram answered ${status}: ${message}`,
        KEY,
      );
    }
  });

  it("stops when aborted", async () => {
    s.answer = later(2000, (_req, res) => sendJson(res, 200, ANSWER));
    await expectAborted(engine().transcribe({ ...toneInput(t.dir, 1000), signal: abortAfter(50) }));
  });
});
