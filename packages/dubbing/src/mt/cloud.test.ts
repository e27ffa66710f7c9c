// The cloud MT engines against a fake server speaking each provider's wire format: one table, the same
// checks for each (configuration, the documented request, empty texts, errors without the key, a wrong
// count, routes, stopping).
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import type { MtEngine, Pair } from "../engines/types.ts";
import type { LanguageCode } from "../languages.ts";
import { type RecordedRequest, sendJson } from "../testing/fake-server.ts";
import {
  type Answer,
  abortAfter,
  expectAborted,
  expectProviderError,
  later,
  useFakeServer,
} from "../testing/providers.ts";
import { azurePairs, createAzureTranslatorEngine } from "./azure.ts";
import { createDeepLEngine, deeplPairs } from "./deepl.ts";
import { createOpenAiMtEngine, OPENAI_MT_MODEL, openAiPairs, openAiRequestBody } from "./openai.ts";

/** The segments an OpenAI chat request asks to translate. */
const openAiSegments = (req: RecordedRequest): { id: number; text: string }[] =>
  JSON.parse((JSON.parse(req.body.toString()) as { messages: { content: string }[] }).messages[1]!.content)
    .segments;
const completion = (content: string) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  model: OPENAI_MT_MODEL,
  choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop" }],
});

interface MtCase {
  name: string;
  make: (key: string, url: string) => MtEngine;
  reason: string;
  id: string;
  /** The documented answer: one translation per text, in order, each text tagged. */
  translateAll: Answer;
  /** What translateAll makes of `text` translated from English to French. */
  french: (text: string) => string;
  /** The texts a request carried. */
  sent: (req: RecordedRequest) => string[];
  /** Checks the documented request of translating ["Hello, world!", "How are you?"] en → fr. */
  expectRequest: (req: RecordedRequest, key: string) => void;
  errors: readonly (readonly [number, string])[];
  error: (res: ServerResponse, status: number, message: string) => void;
  /** An answer with one translation for two texts, and the message it gives. */
  oneForTwo: Answer;
  countMessage: string;
  routed: [LanguageCode, LanguageCode];
  refused: [LanguageCode, LanguageCode];
  pairs: () => Pair[];
}

const CASES: MtCase[] = [
  {
    name: "Azure Translator",
    make: (key, endpoint) => createAzureTranslatorEngine({ key, region: "westeurope", endpoint }),
    reason: "no Azure Translator key configured (set AZURE_TRANSLATOR_KEY)",
    id: "azure-translator",
    translateAll: (req, res) => {
      const to = req.query.get("to")!;
      const body = JSON.parse(req.body.toString()) as { Text: string }[];
      sendJson(
        res,
        200,
        body.map((e) => ({ translations: [{ text: `[${to}] ${e.Text}`, to }] })),
      );
    },
    french: (t) => `[fr] ${t}`,
    sent: (req) => (JSON.parse(req.body.toString()) as { Text: string }[]).map((e) => e.Text),
    expectRequest: (req, key) => {
      expect(req.path).toBe("/translate");
      expect(Object.fromEntries(req.query)).toEqual({ "api-version": "3.0", from: "en", to: "fr" });
      expect(req.headers["ocp-apim-subscription-key"]).toBe(key);
      expect(req.headers["ocp-apim-subscription-region"]).toBe("westeurope");
      expect(req.headers["content-type"]).toBe("application/json; charset=UTF-8");
    },
    errors: [
      [401, "The request is not authorized because credentials are missing or invalid."],
      [403, "The operation is not allowed because the subscription has exceeded its free quota."],
      [429, "The server rejected the request because the client has exceeded request limits."],
    ],
    error: (res, status, message) => sendJson(res, status, { error: { code: status * 1000, message } }),
    oneForTwo: (_req, res) => sendJson(res, 200, [{ translations: [{ text: "un", to: "fr" }] }]),
    countMessage: "Azure Translator returned 1 results for 2 texts",
    routed: ["cmn", "th"],
    refused: ["zh", "cmn"],
    pairs: azurePairs,
  },
  {
    name: "DeepL",
    make: (apiKey, baseUrl) => createDeepLEngine({ apiKey, baseUrl }),
    reason: "no DeepL key configured (set DEEPL_API_KEY)",
    id: "deepl",
    translateAll: (req, res) => {
      const body = JSON.parse(req.body.toString()) as { text: string[]; target_lang: string };
      sendJson(res, 200, {
        translations: body.text.map((t) => ({
          detected_source_language: "EN",
          text: `[${body.target_lang}] ${t}`,
        })),
      });
    },
    french: (t) => `[FR] ${t}`,
    sent: (req) => (JSON.parse(req.body.toString()) as { text: string[] }).text,
    expectRequest: (req, key) => {
      expect(req.path).toBe("/v2/translate");
      expect([...req.query.keys()]).toEqual([]);
      expect(req.headers.authorization).toBe(`DeepL-Auth-Key ${key}`);
      expect(req.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(req.body.toString())).toMatchObject({ source_lang: "EN", target_lang: "FR" });
    },
    errors: [
      [403, "Wrong endpoint. Use https://api.deepl.com"],
      [456, "Quota exceeded"],
      [429, "Too many requests"],
    ],
    error: (res, status, message) => sendJson(res, status, { message }),
    oneForTwo: (_req, res) => sendJson(res, 200, { translations: [{ text: "un" }] }),
    countMessage: "DeepL returned 1 translations for 2 texts",
    routed: ["cmn", "he"],
    refused: ["en", "hi"],
    pairs: deeplPairs,
  },
  {
    name: "OpenAI",
    // without a key the base URL would name a self-hosted server, which needs none (openai.test.ts)
    make: (apiKey, baseUrl) =>
      createOpenAiMtEngine({ apiKey, baseUrl: apiKey ? baseUrl : "", model: "gpt-test" }),
    reason: "no OpenAI key or compatible server configured (set OPENAI_API_KEY or OPENAI_BASE_URL)",
    id: "openai-mt",
    translateAll: (req, res) => {
      const translations = openAiSegments(req).map((x) => ({ id: x.id, text: `<${x.text}>` }));
      sendJson(res, 200, completion(JSON.stringify({ translations })));
    },
    french: (t) => `<${t}>`,
    sent: (req) => openAiSegments(req).map((x) => x.text),
    expectRequest: (req, key) => {
      expect(req.path).toBe("/v1/chat/completions");
      expect(req.headers.authorization).toBe(`Bearer ${key}`);
      expect(req.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(req.body.toString())).toEqual(
        openAiRequestBody(
          "gpt-test",
          ["Hello, world!", "How are you?"],
          { start: 0, end: 2 },
          { from: "en", to: "fr" },
        ),
      );
    },
    errors: [
      [401, "Incorrect API key provided: sk-test-****6789."],
      [403, "Country, region, or territory not supported"],
      [429, "You exceeded your current quota, please check your plan and billing details."],
    ],
    error: (res, status, message) =>
      sendJson(res, status, { error: { message, type: "invalid_request_error", code: null } }),
    oneForTwo: (_req, res) => sendJson(res, 200, completion('{"translations":[{"id":1,"text":"<a b>"}]}')),
    countMessage: "OpenAI returned 1 translations for 2 segments (segments 1–2, asked twice)",
    routed: ["hi", "th"],
    refused: ["cmn", "zh"],
    pairs: openAiPairs,
  },
];

describe.each(CASES)("$name MT (fake provider server)", (c) => {
  const s = useFakeServer();
  const KEY = "secret-test-key-0123456789";
  const engine = () => c.make(KEY, s.url);

  it("is unavailable without a key and available with one", async () => {
    expect(await c.make("", s.url).available()).toEqual({ ok: false, reason: c.reason });
    expect(await engine().available()).toEqual({ ok: true });
  });

  it("sends the documented request and parses the answer in order", async () => {
    s.answer = c.translateAll;
    const texts = ["Hello, world!", "How are you?"];
    const r = await engine().translate(texts, "en", "fr");
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]!.method).toBe("POST");
    c.expectRequest(s.requests[0]!, KEY);
    expect(c.sent(s.requests[0]!)).toEqual(texts);
    expect(r.texts).toEqual(texts.map(c.french));
    expect(r.route).toEqual(["en", "fr"]);
  });

  it("keeps empty texts empty without sending them", async () => {
    s.answer = c.translateAll;
    const r = await engine().translate(["Hello", "", "   ", "World"], "en", "fr");
    expect(c.sent(s.requests[0]!)).toEqual(["Hello", "World"]);
    expect(r.texts).toEqual([c.french("Hello"), "", "", c.french("World")]);
    expect((await engine().translate(["", " "], "en", "fr")).texts).toEqual(["", ""]);
    expect(s.requests).toHaveLength(1);
  });

  it("turns the provider's errors into engine_failed with its message and without the key", async () => {
    for (const [status, message] of c.errors) {
      s.answer = (_req, res) => c.error(res, status, message);
      await expectProviderError(
        engine().translate(["Hello"], "en", "de"),
        `${c.name} answered ${status}: ${message}`,
        KEY,
      );
    }
  });

  it("fails with engine_failed when the answer has a different number of translations", async () => {
    s.answer = c.oneForTwo;
    await expect(engine().translate(["one", "two"], "en", "fr")).rejects.toMatchObject({
      code: "engine_failed",
      message: c.countMessage,
    });
  });

  it("routes the pairs it serves directly and refuses the others without a request", async () => {
    const e = engine();
    expect(e).toMatchObject({ id: c.id, kind: "mt", local: false });
    expect(await e.route(...c.routed)).toEqual(c.routed);
    expect(await e.route(...c.refused)).toBeNull();
    expect(await e.route("fr", "fr")).toBeNull();
    expect(await e.pairs()).toEqual(c.pairs());
    await expect(e.translate(["x"], ...c.refused)).rejects.toMatchObject({ code: "no_engine" });
    expect(s.requests).toHaveLength(0);
  });

  it("stops with aborted when the signal fires during a request, or before one", async () => {
    s.answer = later(300, c.translateAll);
    await expectAborted(engine().translate(["Hello"], "en", "de", { signal: abortAfter(50) }));
    const n = s.requests.length;
    await expectAborted(engine().translate(["Hello"], "en", "de", { signal: AbortSignal.abort() }));
    expect(s.requests).toHaveLength(n);
  });
});
