import { describe, expect, it } from "vitest";
import { sendJson } from "../testing/fake-server.ts";
import { type Answer, useFakeServer } from "../testing/providers.ts";
import {
  createDeepLEngine,
  DEEPL_FREE_URL,
  DEEPL_PRO_URL,
  deeplBaseUrl,
  deeplBatches,
  deeplPairs,
  deeplRequestBody,
  deeplSourceLang,
  deeplTargetLang,
  parseDeeplResponse,
} from "./deepl.ts";

const KEY = "0123-secret-key:fx";

describe("DeepL language codes", () => {
  it("maps app codes to DeepL source and regional target codes", () => {
    expect(deeplSourceLang("en")).toBe("EN");
    expect(deeplTargetLang("en")).toBe("EN-US");
    expect(deeplSourceLang("pt")).toBe("PT");
    expect(deeplTargetLang("pt")).toBe("PT-BR");
    expect(deeplSourceLang("zh")).toBe("ZH");
    expect(deeplTargetLang("zh")).toBe("ZH-HANS");
    expect(deeplSourceLang("cmn")).toBe("ZH");
    expect(deeplTargetLang("cmn")).toBe("ZH-HANS");
    expect(deeplTargetLang("he")).toBe("HE");
    expect(deeplTargetLang("de")).toBe("DE");
  });
  it("has no code for Hindi, which DeepL does not list", () => {
    expect(deeplSourceLang("hi")).toBeUndefined();
    expect(deeplTargetLang("hi")).toBeUndefined();
  });
  it("lists every directed pair of the 20 served app codes, without zh ↔ cmn", () => {
    const pairs = deeplPairs();
    expect(pairs).toHaveLength(20 * 19 - 2);
    expect(pairs).toContainEqual({ from: "en", to: "cmn" });
    expect(pairs).toContainEqual({ from: "th", to: "vi" });
    expect(pairs.some((p) => p.from === "hi" || p.to === "hi")).toBe(false);
    expect(pairs).not.toContainEqual({ from: "zh", to: "cmn" });
  });
});

describe("deeplBatches", () => {
  it("cuts at 50 texts, keeping the order", () => {
    const texts = Array.from({ length: 120 }, (_, i) => `t${i}`);
    const b = deeplBatches(texts, "EN", "DE");
    expect(b.map((x) => x.length)).toEqual([50, 50, 20]);
    expect(b.flat()).toEqual(texts);
  });
  it("keeps every JSON body within the byte limit, counting UTF-8 bytes", () => {
    const texts = Array.from({ length: 10 }, () => "日本語".repeat(100)); // 900 bytes each
    const maxBytes = 3000;
    const b = deeplBatches(texts, "JA", "EN-US", { maxBytes });
    expect(b.map((x) => x.length)).toEqual([3, 3, 3, 1]);
    for (const batch of b) {
      expect(Buffer.byteLength(JSON.stringify(deeplRequestBody(batch, "JA", "EN-US")))).toBeLessThanOrEqual(
        maxBytes,
      );
    }
    expect(b.flat()).toEqual(texts);
  });
  it("sends an oversized text alone", () => {
    expect(deeplBatches(["a", "x".repeat(500), "b"], "EN", "DE", { maxBytes: 100 })).toEqual([
      ["a"],
      ["x".repeat(500)],
      ["b"],
    ]);
  });
});

describe("parseDeeplResponse and deeplBaseUrl", () => {
  it("reads the texts in order and rejects a wrong count", () => {
    const json = { translations: [{ detected_source_language: "EN", text: "Hallo" }, { text: "Welt" }] };
    expect(parseDeeplResponse(json, 2)).toEqual(["Hallo", "Welt"]);
    expect(parseDeeplResponse(json, 3)).toBe("DeepL returned 2 translations for 3 texts");
    expect(parseDeeplResponse({}, 1)).toBe("DeepL answered without translations");
  });
  it("uses the free host for ':fx' keys, the pro host otherwise, and a configured URL as given", () => {
    expect(deeplBaseUrl("abc:fx")).toBe(DEEPL_FREE_URL);
    expect(deeplBaseUrl("abc")).toBe(DEEPL_PRO_URL);
    expect(deeplBaseUrl("abc:fx", "http://127.0.0.1:9/")).toBe("http://127.0.0.1:9");
    expect(deeplBaseUrl("abc", "https://proxy.example/v2")).toBe("https://proxy.example");
  });
});

describe("DeepL engine against a fake DeepL server", () => {
  const s = useFakeServer();
  // the documented answer: one translation per text, in order
  const translateAll: Answer = (req, res) => {
    const body = JSON.parse(req.body.toString()) as { text: string[]; target_lang: string };
    sendJson(res, 200, {
      translations: body.text.map((t) => ({
        detected_source_language: "EN",
        text: `[${body.target_lang}] ${t}`,
      })),
    });
  };
  const engine = () => createDeepLEngine({ apiKey: KEY, baseUrl: s.url });

  it("maps Mandarin to ZH / ZH-HANS", async () => {
    s.answer = translateAll;
    await engine().translate(["你好"], "cmn", "en");
    await engine().translate(["Hello"], "en", "zh");
    expect(s.requests.map((r) => JSON.parse(r.body.toString()))).toEqual([
      { text: ["你好"], source_lang: "ZH", target_lang: "EN-US" },
      { text: ["Hello"], source_lang: "EN", target_lang: "ZH-HANS" },
    ]);
  });

  it("sends more than 50 texts in several requests, joins the results in order and reports progress", async () => {
    s.answer = translateAll;
    const texts = Array.from({ length: 120 }, (_, i) => `line ${i}`);
    const progress: number[] = [];
    const r = await engine().translate(texts, "en", "de", { onProgress: (f) => progress.push(f) });
    expect(s.requests.map((q) => (JSON.parse(q.body.toString()) as { text: string[] }).text.length)).toEqual([
      50, 50, 20,
    ]);
    expect(r.texts).toEqual(texts.map((t) => `[DE] ${t}`));
    expect(r.params.batches).toBe(3);
    expect(progress).toEqual([1 / 3, 2 / 3, 1]);
  });
});
