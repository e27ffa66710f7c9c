import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../languages.ts";
import { sendJson } from "../testing/fake-server.ts";
import {
  type Answer,
  abortAfter,
  expectAborted,
  expectProviderError,
  later,
  useFakeServer,
} from "../testing/providers.ts";
import {
  azureBatches,
  azureLanguage,
  azurePairs,
  azureTranslateUrl,
  createAzureTranslatorEngine,
  parseAzureResponse,
} from "./azure.ts";

const KEY = "azure-secret-0123456789";

describe("Azure Translator language codes", () => {
  it("maps app codes to Translator codes", () => {
    expect(azureLanguage("zh")).toBe("zh-Hans");
    expect(azureLanguage("cmn")).toBe("zh-Hans");
    expect(azureLanguage("pt")).toBe("pt");
    expect(azureLanguage("he")).toBe("he");
    expect(azureLanguage("hi")).toBe("hi");
    expect(azureLanguage("en")).toBe("en");
    for (const { code } of LANGUAGES) expect(azureLanguage(code)).toMatch(/^[a-z]{2}(-Hans)?$/);
  });
  it("lists every directed pair of the 21 app codes, without zh ↔ cmn", () => {
    const pairs = azurePairs();
    expect(pairs).toHaveLength(21 * 20 - 2);
    expect(pairs).toContainEqual({ from: "hi", to: "th" });
    expect(pairs).not.toContainEqual({ from: "cmn", to: "zh" });
    expect(pairs).not.toContainEqual({ from: "en", to: "en" });
  });
  it("builds the documented URL", () => {
    expect(azureTranslateUrl("https://api.cognitive.microsofttranslator.com/", "en", "zh-Hans")).toBe(
      "https://api.cognitive.microsofttranslator.com/translate?api-version=3.0&from=en&to=zh-Hans",
    );
  });
});

describe("azureBatches", () => {
  it("cuts at the element limit, keeping the order", () => {
    const texts = Array.from({ length: 2500 }, (_, i) => `t${i}`);
    const b = azureBatches(texts);
    expect(b.map((x) => x.length)).toEqual([1000, 1000, 500]);
    expect(b.flat()).toEqual(texts);
  });
  it("cuts at the character limit", () => {
    const texts = Array.from({ length: 12 }, (_, i) => `${i}`.padEnd(10_000, "x"));
    const b = azureBatches(texts);
    expect(b.map((x) => x.length)).toEqual([5, 5, 2]);
    for (const batch of b) expect(batch.join("").length).toBeLessThanOrEqual(50_000);
    expect(b.flat()).toEqual(texts);
    expect(azureBatches(["a", "y".repeat(60), "b"], { maxChars: 50 })).toEqual([
      ["a"],
      ["y".repeat(60)],
      ["b"],
    ]);
  });
});

describe("parseAzureResponse", () => {
  it("reads one translation per element in order and rejects a wrong count", () => {
    const json = [
      { translations: [{ text: "Hallo", to: "de" }] },
      { translations: [{ text: "Welt", to: "de" }] },
    ];
    expect(parseAzureResponse(json, 2)).toEqual(["Hallo", "Welt"]);
    expect(parseAzureResponse(json, 1)).toBe("Azure Translator returned 2 results for 1 texts");
    expect(parseAzureResponse({ translations: [] }, 1)).toBe(
      "Azure Translator answered without a result list",
    );
  });
});

describe("Azure Translator engine against a fake Translator server", () => {
  const s = useFakeServer();
  // the documented answer: one result per element, in order, each with one translation per `to`
  const translateAll: Answer = (req, res) => {
    const to = req.query.get("to")!;
    const body = JSON.parse(req.body.toString()) as { Text: string }[];
    sendJson(
      res,
      200,
      body.map((e) => ({ translations: [{ text: `[${to}] ${e.Text}`, to }] })),
    );
  };
  const engine = (region = "westeurope") =>
    createAzureTranslatorEngine({ key: KEY, region, endpoint: s.url });

  it("sends the documented request and parses the answer in order", async () => {
    s.answer = translateAll;
    const r = await engine().translate(["Hello, what is your name?", "I am fine."], "en", "cmn");
    expect(s.requests).toHaveLength(1);
    const req = s.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/translate");
    expect(Object.fromEntries(req.query)).toEqual({ "api-version": "3.0", from: "en", to: "zh-Hans" });
    expect(req.headers["ocp-apim-subscription-key"]).toBe(KEY);
    expect(req.headers["ocp-apim-subscription-region"]).toBe("westeurope");
    expect(req.headers["content-type"]).toBe("application/json; charset=UTF-8");
    expect(JSON.parse(req.body.toString())).toEqual([
      { Text: "Hello, what is your name?" },
      { Text: "I am fine." },
    ]);
    expect(r.texts).toEqual(["[zh-Hans] Hello, what is your name?", "[zh-Hans] I am fine."]);
    expect(r.route).toEqual(["en", "cmn"]);
    expect(r.params).toEqual({ provider: "Azure AI Translator", from: "en", to: "zh-Hans", batches: 1 });
  });

  it("sends no region header for a global resource, and maps pt and he", async () => {
    s.answer = translateAll;
    await engine("").translate(["Olá"], "pt", "he");
    const req = s.requests[0]!;
    expect(req.headers["ocp-apim-subscription-region"]).toBeUndefined();
    expect(req.query.get("from")).toBe("pt");
    expect(req.query.get("to")).toBe("he");
  });

  it("splits more texts than one request allows, joins the results in order and reports progress", async () => {
    s.answer = translateAll;
    const texts = Array.from({ length: 2100 }, (_, i) => `line ${i}`);
    const progress: number[] = [];
    const r = await engine().translate(texts, "en", "hi", { onProgress: (f) => progress.push(f) });
    expect(s.requests.map((q) => (JSON.parse(q.body.toString()) as unknown[]).length)).toEqual([
      1000, 1000, 100,
    ]);
    expect(r.texts).toEqual(texts.map((t) => `[hi] ${t}`));
    expect(r.params.batches).toBe(3);
    expect(progress).toEqual([1 / 3, 2 / 3, 1]);
  });

  it("keeps empty texts empty without sending them", async () => {
    s.answer = translateAll;
    const r = await engine().translate(["", "Hello", "  ", "World", ""], "en", "fr");
    expect(JSON.parse(s.requests[0]!.body.toString())).toEqual([{ Text: "Hello" }, { Text: "World" }]);
    expect(r.texts).toEqual(["", "[fr] Hello", "", "[fr] World", ""]);
    expect((await engine().translate([""], "en", "fr")).texts).toEqual([""]);
    expect(s.requests).toHaveLength(1);
  });

  it("turns 401, 403 and 429 into engine_failed with Azure's message and without the key", async () => {
    for (const [status, code, message] of [
      [401, 401000, "The request is not authorized because credentials are missing or invalid."],
      [403, 403001, "The operation is not allowed because the subscription has exceeded its free quota."],
      [429, 429000, "The server rejected the request because the client has exceeded request limits."],
    ] as const) {
      s.answer = (_req, res) => sendJson(res, status, { error: { code, message } });
      await expectProviderError(
        engine().translate(["Hello"], "en", "de"),
        `Azure Translator answered ${status}: ${message}`,
        KEY,
      );
    }
  });

  it("fails with engine_failed when Azure returns a different number of results", async () => {
    s.answer = (_req, res) => sendJson(res, 200, [{ translations: [{ text: "eins", to: "de" }] }]);
    await expect(engine().translate(["one", "two"], "en", "de")).rejects.toMatchObject({
      code: "engine_failed",
      message: "Azure Translator returned 1 results for 2 texts",
    });
  });

  it("is unavailable without a key and sends key and region", async () => {
    expect(await createAzureTranslatorEngine().available()).toEqual({
      ok: false,
      reason: "no Azure Translator key configured (set AZURE_TRANSLATOR_KEY)",
    });
    s.answer = translateAll;
    const e = createAzureTranslatorEngine({ key: "env-key", region: "eastus", endpoint: s.url });
    expect(await e.available()).toEqual({ ok: true });
    await e.translate(["Hi"], "en", "es");
    expect(s.requests[0]!.headers["ocp-apim-subscription-key"]).toBe("env-key");
    expect(s.requests[0]!.headers["ocp-apim-subscription-region"]).toBe("eastus");
  });

  it("routes every pair of different languages directly", async () => {
    const e = engine();
    expect(e.id).toBe("azure-translator");
    expect(e.kind).toBe("mt");
    expect(e.local).toBe(false);
    expect(await e.route("en", "hi")).toEqual(["en", "hi"]);
    expect(await e.route("cmn", "th")).toEqual(["cmn", "th"]);
    expect(await e.route("zh", "cmn")).toBeNull();
    expect(await e.route("fr", "fr")).toBeNull();
    expect(await e.pairs()).toEqual(azurePairs());
    await expect(e.translate(["x"], "fr", "fr")).rejects.toMatchObject({ code: "no_engine" });
  });

  it("stops with aborted when the signal fires during a request, or before one", async () => {
    s.answer = later(1000, translateAll);
    await expectAborted(engine().translate(["Hello"], "en", "de", { signal: abortAfter(50) }));
    const n = s.requests.length;
    await expectAborted(engine().translate(["Hello"], "en", "de", { signal: AbortSignal.abort() }));
    expect(s.requests).toHaveLength(n);
  });
});
