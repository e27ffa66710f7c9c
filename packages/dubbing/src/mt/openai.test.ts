import { describe, expect, it } from "vitest";
import { type RecordedRequest, sendJson } from "../testing/fake-server.ts";
import { type Answer, useFakeServer } from "../testing/providers.ts";
import {
  createOpenAiMtEngine,
  OPENAI_MT_MODEL,
  openAiBatches,
  openAiPairs,
  openAiRequestBody,
  openAiUrl,
  parseOpenAiResponse,
  promptLanguage,
  TRANSLATIONS_SCHEMA,
} from "./openai.ts";

const KEY = "sk-test-secret-0123456789";

interface Input {
  context_before: string[];
  segments: { id: number; text: string }[];
  context_after: string[];
}

/** A chat completion whose message content is `content` (the documented answer shape). */
const completion = (content: string, finish_reason = "stop") => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  model: OPENAI_MT_MODEL,
  choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason }],
});

const inputOf = (req: RecordedRequest): Input =>
  JSON.parse((JSON.parse(req.body.toString()) as { messages: { content: string }[] }).messages[1]!.content);

describe("OpenAI MT pure parts", () => {
  it("names Brazilian Portuguese and Mandarin in the prompt", () => {
    expect(promptLanguage("pt")).toBe("Brazilian Portuguese");
    expect(promptLanguage("cmn")).toBe("Mandarin Chinese (Simplified Chinese characters)");
    expect(promptLanguage("zh")).toBe("Mandarin Chinese (Simplified Chinese characters)");
    expect(promptLanguage("he")).toBe("Hebrew");
  });
  it("lists every directed pair of the 21 app codes, without zh ↔ cmn", () => {
    const pairs = openAiPairs();
    expect(pairs).toHaveLength(21 * 20 - 2);
    expect(pairs).toContainEqual({ from: "hi", to: "cmn" });
    expect(pairs).not.toContainEqual({ from: "zh", to: "cmn" });
  });
  it("batches by segments and characters, keeping the order", () => {
    const texts = Array.from({ length: 100 }, (_, i) => `t${i}`);
    expect(openAiBatches(texts)).toEqual([
      { start: 0, end: 40 },
      { start: 40, end: 80 },
      { start: 80, end: 100 },
    ]);
    expect(openAiBatches(["aaaa", "bbbb", "cccccccccc", "d"], { maxChars: 8 })).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 3 },
      { start: 3, end: 4 },
    ]);
    expect(openAiBatches([])).toEqual([]);
  });
  it("builds a body with numbered segments, neighbouring context and the strict JSON schema", () => {
    const texts = ["a", "b", "c", "d", "e", "f", "g"];
    const body = openAiRequestBody("m", texts, { start: 3, end: 5 }, { from: "en", to: "pt", context: 2 });
    expect(body.model).toBe("m");
    expect(body.messages[0]!.role).toBe("system");
    expect(body.messages[0]!.content).toContain("from English to Brazilian Portuguese");
    expect(JSON.parse(body.messages[1]!.content)).toEqual({
      context_before: ["b", "c"],
      segments: [
        { id: 1, text: "d" },
        { id: 2, text: "e" },
      ],
      context_after: ["f", "g"],
    });
    expect(body.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "segment_translations", strict: true, schema: TRANSLATIONS_SCHEMA },
    });
  });
  it("parses translations in order and says why an answer is unusable", () => {
    const ok = completion('{"translations":[{"id":1,"text":" Olá "},{"id":2,"text":"Mundo"}]}');
    expect(parseOpenAiResponse(ok, 2)).toEqual(["Olá", "Mundo"]);
    expect(parseOpenAiResponse(ok, 3)).toBe("OpenAI returned 2 translations for 3 segments");
    expect(
      parseOpenAiResponse(completion('{"translations":[{"id":2,"text":"x"},{"id":1,"text":"y"}]}'), 2),
    ).toBe("OpenAI returned the segments out of order");
    expect(parseOpenAiResponse(completion("not json"), 1)).toBe("OpenAI answered with invalid JSON");
    expect(parseOpenAiResponse(completion('{"translations":[', "length"), 1)).toBe(
      "OpenAI's answer was cut off (too long)",
    );
    expect(
      parseOpenAiResponse(
        {
          choices: [
            { message: { content: null, refusal: "I can't help with that." }, finish_reason: "stop" },
          ],
        },
        1,
      ),
    ).toBe("OpenAI refused to translate: I can't help with that.");
  });
  it("builds the URL from a base with or without /v1", () => {
    expect(openAiUrl("https://api.openai.com")).toBe("https://api.openai.com/v1/chat/completions");
    expect(openAiUrl("https://api.openai.com/v1/")).toBe("https://api.openai.com/v1/chat/completions");
  });
});

describe("OpenAI MT engine against a fake OpenAI server", () => {
  const s = useFakeServer();
  // a well-behaved model: one translation per numbered segment
  const translateAll: Answer = (req, res) => {
    const { segments } = inputOf(req);
    const translations = segments.map((x) => ({ id: x.id, text: `<${x.text}>` }));
    sendJson(res, 200, completion(JSON.stringify({ translations })));
  };
  const engine = () => createOpenAiMtEngine({ apiKey: KEY, baseUrl: s.url, model: "gpt-test" });

  it("sends the documented request and parses the answer in order", async () => {
    s.answer = translateAll;
    const r = await engine().translate(["Hello there.", "How are you?"], "en", "cmn");
    expect(s.requests).toHaveLength(1);
    const req = s.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(req.body.toString());
    expect(body).toEqual(
      openAiRequestBody(
        "gpt-test",
        ["Hello there.", "How are you?"],
        { start: 0, end: 2 },
        { from: "en", to: "cmn" },
      ),
    );
    expect(body.messages[0].content).toContain(
      "from English to Mandarin Chinese (Simplified Chinese characters)",
    );
    expect(inputOf(req).segments).toEqual([
      { id: 1, text: "Hello there." },
      { id: 2, text: "How are you?" },
    ]);
    expect(r.texts).toEqual(["<Hello there.>", "<How are you?>"]);
    expect(r.route).toEqual(["en", "cmn"]);
    expect(r.params).toEqual({
      provider: "OpenAI",
      model: "gpt-test",
      batches: 1,
      retries: 0,
      responseFormat: "json_schema (strict)",
    });
  });

  it("sends a long transcript in batches of 40 with neighbouring context and joins the results in order", async () => {
    s.answer = translateAll;
    const texts = Array.from({ length: 90 }, (_, i) => `line ${i}`);
    const progress: number[] = [];
    const r = await engine().translate(texts, "en", "es", { onProgress: (f) => progress.push(f) });
    const inputs = s.requests.map(inputOf);
    expect(inputs.map((x) => x.segments.length)).toEqual([40, 40, 10]);
    expect(inputs[1]!.segments[0]).toEqual({ id: 1, text: "line 40" });
    expect(inputs[1]!.context_before).toEqual(["line 37", "line 38", "line 39"]);
    expect(inputs[1]!.context_after).toEqual(["line 80", "line 81", "line 82"]);
    expect(inputs[0]!.context_before).toEqual([]);
    expect(inputs[2]!.context_after).toEqual([]);
    expect(r.texts).toEqual(texts.map((t) => `<${t}>`));
    expect(r.params.batches).toBe(3);
    expect(progress).toEqual([1 / 3, 2 / 3, 1]);
  });

  it("asks again once when the model merges segments, and uses the second answer", async () => {
    let calls = 0;
    s.answer = (req, res) => {
      calls++;
      if (calls === 1) return sendJson(res, 200, completion('{"translations":[{"id":1,"text":"<a b>"}]}'));
      translateAll(req, res);
    };
    const r = await engine().translate(["a", "b"], "en", "fr");
    expect(s.requests).toHaveLength(2);
    expect(s.requests[1]!.body.toString()).toBe(s.requests[0]!.body.toString());
    expect(r.texts).toEqual(["<a>", "<b>"]);
    expect(r.params.retries).toBe(1);
  });

  it("is unavailable without a key, and uses the default model", async () => {
    expect(await createOpenAiMtEngine().available()).toEqual({
      ok: false,
      reason: "no OpenAI key or compatible server configured (set OPENAI_API_KEY or OPENAI_BASE_URL)",
    });
    s.answer = translateAll;
    const e = createOpenAiMtEngine({ apiKey: "env-key", baseUrl: `${s.url}/v1` });
    expect(await e.available()).toEqual({ ok: true });
    const r = await e.translate(["Hi"], "en", "es");
    expect(s.requests[0]!.path).toBe("/v1/chat/completions");
    expect(s.requests[0]!.headers.authorization).toBe("Bearer env-key");
    expect(JSON.parse(s.requests[0]!.body.toString()).model).toBe(OPENAI_MT_MODEL);
    expect(r.params.model).toBe(OPENAI_MT_MODEL);
  });
});

describe("OpenAI MT glossary against a fake OpenAI server", () => {
  const s = useFakeServer();
  // A model that obeys the glossary in its instructions: each rule `"x" becomes "y"` / `"x" stays "x"`
  // is applied, the rest of the segment is "translated" (tagged).
  const obedient: Answer = (req, res) => {
    const system = (JSON.parse(req.body.toString()) as { messages: { content: string }[] }).messages[0]!
      .content;
    const rules = [...system.matchAll(/"([^"]+)" (?:becomes|stays) "([^"]+)"/g)].map(
      (m) => [m[1]!, m[2]!] as const,
    );
    const translations = inputOf(req).segments.map((x) => ({
      id: x.id,
      text: `ES: ${rules.reduce((t, [from, to]) => t.replaceAll(from, to), x.text)}`,
    }));
    sendJson(res, 200, completion(JSON.stringify({ translations })));
  };

  it("puts the glossary into the instructions, and the model's answer keeps the terms", async () => {
    s.answer = obedient;
    const engine = createOpenAiMtEngine({ apiKey: KEY, baseUrl: s.url, model: "gpt-test" });
    const glossary = [
      { source: "Acme Cloud", target: "Acme Cloud" },
      { source: "storage", target: "almacenamiento" },
    ];
    const r = await engine.translate(["Acme Cloud storage is fast."], "en", "es", { glossary });
    expect(r.texts).toEqual(["ES: Acme Cloud almacenamiento is fast."]);
    const system = (JSON.parse(s.requests[0]!.body.toString()) as { messages: { content: string }[] })
      .messages[0]!.content;
    expect(system).toContain(
      'Glossary, to follow exactly wherever the term occurs (any case): "Acme Cloud" stays "Acme Cloud" (do not translate it); "storage" becomes "almacenamiento".',
    );
    // without terms the instructions have no glossary
    await engine.translate(["Hello."], "en", "es");
    expect(s.requests[1]!.body.toString()).not.toContain("Glossary");
  });
});

describe("OpenAI MT shorter renderings against a fake OpenAI server", () => {
  const s = useFakeServer();
  // a model that answers each line cut to its max_chars
  const shortens: Answer = (req, res) => {
    const body = JSON.parse(req.body.toString()) as { messages: { content: string }[] };
    const { lines } = JSON.parse(body.messages[1]!.content) as {
      lines: { id: number; translation: string; max_chars: number }[];
    };
    const translations = lines.map((l) => ({ id: l.id, text: l.translation.slice(0, l.max_chars) }));
    sendJson(res, 200, completion(JSON.stringify({ translations })));
  };
  const engine = () => createOpenAiMtEngine({ apiKey: KEY, baseUrl: s.url, model: "gpt-test" });

  it("asks for each line within its character budget, with the source for meaning", async () => {
    s.answer = shortens;
    const out = await engine().shorten!(
      [{ source: "Hello there.", text: "Hola a todos los que están ahí.", budget: 10 }],
      "en",
      "es",
      { glossary: [{ source: "Acme", target: "Acme" }] },
    );
    expect(out).toEqual(["Hola a tod"]);
    const body = JSON.parse(s.requests[0]!.body.toString());
    expect(body.response_format.json_schema.name).toBe("shorter_translations");
    expect(JSON.parse(body.messages[1].content)).toEqual({
      lines: [
        { id: 1, source: "Hello there.", translation: "Hola a todos los que están ahí.", max_chars: 10 },
      ],
    });
    expect(body.messages[0].content).toContain("in at most max_chars characters");
    expect(body.messages[0].content).toContain('"Acme" stays "Acme"');
  });

  it("rewrites with a self-hosted server that has no key, sending no Authorization header", async () => {
    s.answer = shortens;
    const local = createOpenAiMtEngine({ baseUrl: s.url, model: "llama3.1" });
    expect(await local.available()).toEqual({ ok: true });
    expect(await local.shorten!([{ source: "a", text: "largo", budget: 2 }], "en", "es")).toEqual(["la"]);
    expect(s.requests[0]!.headers.authorization).toBeUndefined();
    expect(JSON.parse(s.requests[0]!.body.toString()).model).toBe("llama3.1");
  });

  it("keeps the lines as they were when the answer is unusable", async () => {
    s.answer = (_req, res) => sendJson(res, 200, completion(JSON.stringify({ translations: [] })));
    const out = await engine().shorten!([{ source: "a", text: "largo", budget: 2 }], "en", "es");
    expect(out).toEqual(["largo"]);
  });
});
