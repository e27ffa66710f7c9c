// The cloud ASR engines against a fake server speaking each provider's wire format: one table, the same
// checks for each (configuration, the documented request and its words, errors without the key, stopping).
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { parseWav } from "../audio/wav.ts";
import type { AsrEngine, AsrInput, Word } from "../engines/types.ts";
import { type RecordedRequest, sendJson } from "../testing/fake-server.ts";
import { tempDir } from "../testing/fixtures.ts";
import {
  abortAfter,
  azurePhrase,
  expectAborted,
  expectProviderError,
  formOf,
  later,
  toneInput,
  useFakeServer,
} from "../testing/providers.ts";
import { AZURE_STT_API_VERSION, createAzureAsrEngine } from "./azure.ts";
import { createDeepgramEngine } from "./deepgram.ts";
import { createOpenAiAsrEngine } from "./openai.ts";

interface AsrCase {
  name: string;
  /** The engine with this key at this URL ("" = no key). */
  make: (key: string, url: string) => AsrEngine;
  reason: string;
  id: string;
  speakerLabels: boolean;
  language: AsrInput["language"];
  /** A documented-shape answer and what the engine makes of it. */
  answer: unknown;
  words: Partial<Word>[];
  params: Record<string, unknown>;
  expectRequest: (req: RecordedRequest, key: string, input: AsrInput) => Promise<void>;
  /** An error answer in the provider's format, and the engine's message prefix. */
  error: (status: number, message: string) => unknown;
  provider: string;
}

const CASES: AsrCase[] = [
  {
    name: "Azure Speech",
    make: (key, endpoint) => createAzureAsrEngine({ key, endpoint }),
    reason: "no Azure Speech key configured (set AZURE_SPEECH_KEY)",
    id: "azure-stt",
    speakerLabels: true,
    language: "pt",
    answer: {
      durationMilliseconds: 3000,
      phrases: [
        azurePhrase(
          [
            ["Bom", 960, 1200],
            ["dia.", 1200, 1600],
          ],
          { speaker: 1 },
        ),
      ],
    },
    words: [
      { text: "Bom", start: 960, end: 1200, speaker: "1" },
      { text: "dia.", start: 1200, end: 1600, speaker: "1" },
    ],
    params: { apiVersion: AZURE_STT_API_VERSION, locale: "pt-BR", diarization: true },
    expectRequest: async (req, key, input) => {
      expect(req.path).toBe("/speechtotext/transcriptions:transcribe");
      expect(Object.fromEntries(req.query)).toEqual({ "api-version": "2025-10-15" });
      expect(req.headers["ocp-apim-subscription-key"]).toBe(key);
      expect(req.headers.authorization).toBeUndefined();
      const form = await formOf(req);
      expect(JSON.parse(String(form.get("definition")))).toEqual({
        locales: ["pt-BR"],
        diarization: { enabled: true, maxSpeakers: 8 },
        profanityFilterMode: "None",
      });
      const audio = form.get("audio") as File;
      expect(audio.type).toBe("audio/wav");
      expect(Buffer.from(await audio.arrayBuffer()).equals(readFileSync(input.wavFile))).toBe(true);
    },
    error: (status, message) => ({ error: { code: String(status), message } }),
    provider: "Azure Speech",
  },
  {
    name: "Deepgram",
    make: (apiKey, baseUrl) => createDeepgramEngine({ apiKey, baseUrl, model: "nova-3" }),
    reason: "no Deepgram key configured (set DEEPGRAM_API_KEY)",
    id: "deepgram",
    speakerLabels: true,
    language: "cmn",
    answer: {
      results: {
        channels: [
          {
            alternatives: [
              {
                words: [
                  {
                    word: "how",
                    start: 1.6,
                    end: 1.76,
                    confidence: 0.99,
                    speaker: 1,
                    punctuated_word: "How",
                  },
                  {
                    word: "hello",
                    start: 0.08,
                    end: 0.48,
                    confidence: 0.97,
                    speaker: 0,
                    punctuated_word: "Hello,",
                  },
                ],
              },
            ],
          },
        ],
      },
    },
    words: [
      { text: "Hello,", start: 80, end: 480, speaker: "0" },
      { text: "How", start: 1600, end: 1760, speaker: "1" },
    ],
    params: { model: "nova-3", language: "zh-CN" },
    expectRequest: async (req, key, input) => {
      expect(req.path).toBe("/v1/listen");
      expect(Object.fromEntries(req.query)).toEqual({
        model: "nova-3",
        language: "zh-CN",
        punctuate: "true",
        diarize: "true",
        smart_format: "true",
      });
      expect(req.headers.authorization).toBe(`Token ${key}`);
      expect(req.headers["content-type"]).toBe("audio/wav");
      expect(req.body.equals(readFileSync(input.wavFile))).toBe(true);
    },
    error: (_status, message) => ({ err_code: "ERR", err_msg: message, request_id: "r" }),
    provider: "Deepgram",
  },
  {
    name: "OpenAI",
    make: (apiKey, baseUrl) => createOpenAiAsrEngine({ apiKey, baseUrl, model: "whisper-1" }),
    reason: "no OpenAI key configured (set OPENAI_API_KEY)",
    id: "openai-asr",
    speakerLabels: false,
    language: "cmn",
    answer: {
      text: "Good morning.",
      words: [
        { word: "Good", start: 0.2, end: 0.5 },
        { word: "morning", start: 0.5, end: 1.1 },
      ],
      segments: [{ id: 0, start: 0.0, end: 1.2, text: " Good morning." }],
    },
    words: [
      { text: "Good", start: 200, end: 500 },
      { text: "morning.", start: 500, end: 1100 },
    ],
    params: { model: "whisper-1", language: "zh", pieces: 1 },
    expectRequest: async (req, key, input) => {
      expect(req.path).toBe("/v1/audio/transcriptions");
      expect([...req.query]).toEqual([]);
      expect(req.headers.authorization).toBe(`Bearer ${key}`);
      const form = await formOf(req);
      expect(form.get("model")).toBe("whisper-1");
      expect(form.get("language")).toBe("zh");
      expect(form.get("response_format")).toBe("verbose_json");
      expect(form.getAll("timestamp_granularities[]")).toEqual(["word", "segment"]);
      const file = form.get("file") as File;
      expect(file.name).toBe("audio.wav");
      expect(file.type).toBe("audio/wav");
      expect(parseWav(Buffer.from(await file.arrayBuffer())).data.length).toBe(input.samples!.length);
    },
    error: (_status, message) => ({ error: { message, type: "invalid_request_error" } }),
    provider: "OpenAI",
  },
];

describe.each(CASES)("$name ASR (fake provider server)", (c) => {
  const t = tempDir();
  const s = useFakeServer();
  afterAll(() => t.cleanup());
  const KEY = "secret-test-key-0123456789";
  const engine = () => c.make(KEY, s.url);

  it("describes itself and needs a key", async () => {
    expect(await c.make("", s.url).available()).toEqual({ ok: false, reason: c.reason });
    expect(await engine().available()).toEqual({ ok: true });
    expect(engine()).toMatchObject({ id: c.id, kind: "asr", local: false });
    expect(engine().capabilities).toEqual({ wordTimes: true, speakerLabels: c.speakerLabels });
    expect(engine().languages.length).toBeGreaterThanOrEqual(15);
  });

  it("posts the audio as documented and returns the words in ms", async () => {
    s.answer = (_req, res) => sendJson(res, 200, c.answer);
    const input = toneInput(t.dir, 3000, c.language);
    const progress: number[] = [];
    const result = await engine().transcribe({ ...input, onProgress: (f) => progress.push(f) });
    expect(
      result.words.map((w) => ({ text: w.text, start: w.start, end: w.end, speaker: w.speaker })),
    ).toEqual(c.words.map((w) => ({ speaker: undefined, ...w })));
    expect(result.params).toMatchObject(c.params);
    expect(progress).toEqual([1]);
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]!.method).toBe("POST");
    await c.expectRequest(s.requests[0]!, KEY, input);
  });

  it("reports the provider's error without the key", async () => {
    for (const [status, message] of [
      [401, "Invalid credentials."],
      [413, "Payload too large."],
      [429, "Too many requests."],
    ] as const) {
      s.answer = (_req, res) => sendJson(res, status, c.error(status, message));
      await expectProviderError(
        engine().transcribe(toneInput(t.dir, 1000)),
        `${c.provider} answered ${status}: ${message}`,
        KEY,
      );
    }
  });

  it("stops when aborted", async () => {
    s.answer = later(2000, (_req, res) => sendJson(res, 200, c.answer));
    await expectAborted(engine().transcribe({ ...toneInput(t.dir, 1000), signal: abortAfter(50) }));
  });
});
