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

describe("DeepL glossary against a fake DeepL server", () => {
  const s = useFakeServer();
  // The documented glossary flow: POST /v2/glossaries (TSV entries) → id; /v2/translate with glossary_id
  // applies its entries; DELETE /v2/glossaries/{id}. Words outside the glossary get a "[ES]" tag.
  const glossaries = new Map<string, [string, string][]>();
  const deepl: Answer = (req, res) => {
    if (req.method === "POST" && req.path === "/v2/glossaries") {
      const body = JSON.parse(req.body.toString()) as { entries: string; entries_format: string };
      const id = `g${glossaries.size + 1}`;
      glossaries.set(
        id,
        body.entries.split("\n").map((l) => l.split("\t") as [string, string]),
      );
      return sendJson(res, 201, { glossary_id: id, ready: true, entry_count: glossaries.get(id)!.length });
    }
    if (req.method === "DELETE") {
      glossaries.delete(req.path.split("/").at(-1)!);
      return void res.writeHead(204).end();
    }
    const body = JSON.parse(req.body.toString()) as { text: string[]; glossary_id?: string };
    const entries = (body.glossary_id && glossaries.get(body.glossary_id)) || [];
    sendJson(res, 200, {
      translations: body.text.map((t) => ({
        text: `[ES] ${entries.reduce((x, [from, to]) => x.replace(from, to), t)}`,
      })),
    });
  };

  it("makes a glossary for the run, translates with it and deletes it", async () => {
    s.answer = deepl;
    const r = await createDeepLEngine({ apiKey: KEY, baseUrl: s.url }).translate(
      ["Acme Cloud storage is fast."],
      "en",
      "es",
      {
        glossary: [
          { source: "Acme Cloud", target: "Acme Cloud" },
          { source: "storage", target: "almacenamiento" },
        ],
      },
    );
    expect(r.texts).toEqual(["[ES] Acme Cloud almacenamiento is fast."]);
    expect(s.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      "POST /v2/glossaries",
      "POST /v2/translate",
      "DELETE /v2/glossaries/g1",
    ]);
    expect(JSON.parse(s.requests[0]!.body.toString())).toEqual({
      name: "dubbing project glossary",
      source_lang: "EN",
      target_lang: "ES",
      entries: "Acme Cloud\tAcme Cloud\nstorage\talmacenamiento",
      entries_format: "tsv",
    });
    expect(JSON.parse(s.requests[1]!.body.toString())).toMatchObject({
      glossary_id: "g1",
      source_lang: "EN",
    });
    expect(glossaries.size).toBe(0);
  });

  it("deletes the glossary when the translation fails, and sends none without terms", async () => {
    s.answer = (req, res) =>
      req.path === "/v2/translate" ? sendJson(res, 456, { message: "Quota exceeded" }) : deepl(req, res);
    await expect(
      createDeepLEngine({ apiKey: KEY, baseUrl: s.url }).translate(["storage"], "en", "es", {
        glossary: [{ source: "storage", target: "almacenamiento" }],
      }),
    ).rejects.toThrow();
    expect(s.requests.at(-1)!.method).toBe("DELETE");
    expect(glossaries.size).toBe(0);
    s.requests.length = 0;
    s.answer = deepl;
    await createDeepLEngine({ apiKey: KEY, baseUrl: s.url }).translate(["storage"], "en", "es", {
      glossary: [],
    });
    expect(s.requests.map((q) => q.path)).toEqual(["/v2/translate"]);
  });
});
