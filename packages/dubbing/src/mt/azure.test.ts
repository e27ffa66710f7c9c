import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../languages.ts";
import { sendJson } from "../testing/fake-server.ts";
import { type Answer, useFakeServer } from "../testing/providers.ts";
import {
  azureBatches,
  azureDictionaryText,
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
});

describe("Azure Translator dynamic dictionary against a fake Translator server", () => {
  const s = useFakeServer();
  // Translator's documented behaviour: a marked term becomes its `translation`, the rest is translated
  // (here tagged "[es]"), and the markup is gone from the answer.
  const dictionary: Answer = (req, res) => {
    const body = JSON.parse(req.body.toString()) as { Text: string }[];
    const mark = /<mstrans:dictionary translation="([^"]*)">[^<]*<\/mstrans:dictionary>/g;
    sendJson(
      res,
      200,
      body.map((e) => ({ translations: [{ text: `[es] ${e.Text.replace(mark, "$1")}`, to: "es" }] })),
    );
  };

  it("marks every occurrence of a term, any case, and a kept term translates to itself", async () => {
    s.answer = dictionary;
    const glossary = [
      { source: "Acme Cloud", target: "Acme Cloud" },
      { source: "storage", target: "almacenamiento" },
    ];
    const r = await createAzureTranslatorEngine({ key: KEY, endpoint: s.url }).translate(
      ["ACME cloud Storage, storage and storages.", ""],
      "en",
      "es",
      { glossary },
    );
    expect(JSON.parse(s.requests[0]!.body.toString())).toEqual([
      {
        Text:
          '<mstrans:dictionary translation="Acme Cloud">ACME cloud</mstrans:dictionary> ' +
          '<mstrans:dictionary translation="almacenamiento">Storage</mstrans:dictionary>, ' +
          '<mstrans:dictionary translation="almacenamiento">storage</mstrans:dictionary> and storages.',
      },
    ]);
    expect(r.texts).toEqual(["[es] Acme Cloud almacenamiento, almacenamiento and storages.", ""]);
    expect(azureDictionaryText("no terms here", glossary)).toBe("no terms here");
  });
});
