import { afterAll, describe, expect, it } from "vitest";
import { parseWav } from "../audio/wav.ts";
import { sendJson } from "../testing/fake-server.ts";
import { tempDir } from "../testing/fixtures.ts";
import { formOf, openAiWords, toneInput, useFakeServer } from "../testing/providers.ts";
import {
  createOpenAiAsrEngine,
  OPENAI_MAX_PIECE_MS,
  openAiLanguage,
  parseOpenAiVerbose,
  planPieces,
  punctuate,
} from "./openai.ts";

const KEY = "sk-test-4f9c2e7a1b";
const RATE = 16_000;

describe("openAiLanguage", () => {
  it("sends ISO-639-1 codes, Mandarin as zh", () => {
    expect(openAiLanguage("cmn")).toBe("zh");
    expect(openAiLanguage("zh")).toBe("zh");
    expect(openAiLanguage("he")).toBe("he");
  });
});

describe("punctuate", () => {
  const w = (text: string, start: number) => ({ text, start, end: start + 100 });
  it("copies commas and inner sentence ends from the segment text", () => {
    const words = [
      w("Well", 0),
      w("hello", 100),
      w("there", 200),
      w("How", 300),
      w("are", 400),
      w("you", 500),
    ];
    expect(punctuate(words, ' Well, hello there. How are "you"?').map((x) => x.text)).toEqual([
      "Well,",
      "hello",
      "there.",
      "How",
      "are",
      'you"?',
    ]);
  });
  it("works without spaces (Chinese) and keeps words that already carry punctuation", () => {
    expect(punctuate([w("你好", 0), w("世界", 100)], "你好，世界。").map((x) => x.text)).toEqual([
      "你好，",
      "世界。",
    ]);
    expect(punctuate([w("Hi,", 0), w("Bob.", 100)], "Hi, Bob.").map((x) => x.text)).toEqual(["Hi,", "Bob."]);
    // Turkish dotted capital I lengthens when lower-cased: indexes must not shift
    expect(punctuate([w("İstanbul", 0), w("güzel", 100)], "İstanbul, güzel.").map((x) => x.text)).toEqual([
      "İstanbul,",
      "güzel.",
    ]);
  });
  it("leaves apostrophes and decimal points inside words alone", () => {
    expect(punctuate([w("don", 0), w("t", 100), w("3", 200)], "don't 3.5.").map((x) => x.text)).toEqual([
      "don",
      "t",
      "3.",
    ]);
  });
  it("steps over one substituted token and still ends the sentence", () => {
    const words = [w("it", 0), w("costs", 100), w("ten", 200), w("dollars", 300), w("ok", 400)];
    expect(punctuate(words, "It costs 10 dollars, ok!").map((x) => x.text)).toEqual([
      "it",
      "costs",
      "ten",
      "dollars,",
      "ok!",
    ]);
    // nothing matches: the segment's closing punctuation still lands on its last word
    expect(
      punctuate([w("alpha", 0), w("beta", 100)], "Gamma delta epsilon zeta eta.").map((x) => x.text),
    ).toEqual(["alpha", "beta."]);
  });
});

describe("parseOpenAiVerbose", () => {
  it("reads words in ms, sorted, punctuated per segment and shifted by the piece offset", () => {
    const doc = {
      text: "Hello world. Is it ready? Yes.",
      words: openAiWords([
        ["Is", 1.5, 1.7],
        ["Hello", 0.0, 0.42],
        ["world", 0.42, 0.9],
        ["it", 1.7, 1.8],
        ["ready", 1.8, 2.25],
        [" ", 2.25, 2.3],
        ["Yes", 3.1, 3.4],
      ]),
      segments: [
        { start: 0, end: 2.3, text: " Hello world. Is it ready?" },
        { start: 3.0, end: 3.5, text: " Yes." },
      ],
    };
    expect(parseOpenAiVerbose(doc, 60_000)).toEqual([
      { text: "Hello", start: 60_000, end: 60_420 },
      { text: "world.", start: 60_420, end: 60_900 },
      { text: "Is", start: 61_500, end: 61_700 },
      { text: "it", start: 61_700, end: 61_800 },
      { text: "ready?", start: 61_800, end: 62_250 },
      { text: "Yes.", start: 63_100, end: 63_400 },
    ]);
    expect(parseOpenAiVerbose({ words: [{ word: "hi", start: 0.1, end: 0.2 }] })).toEqual([
      { text: "hi", start: 100, end: 200 },
    ]);
    expect(parseOpenAiVerbose({})).toEqual([]);
  });
});

describe("planPieces", () => {
  it("sends short audio whole", () => {
    expect(planPieces([{ start: 100, end: 500 }], 9000, 10_000)).toEqual([{ start: 0, end: 9000 }]);
    expect(OPENAI_MAX_PIECE_MS).toBe(600_000);
  });
  it("cuts at the longest pause in the second half of each piece", () => {
    const speech = [
      { start: 0, end: 1800 },
      { start: 2200, end: 3700 }, // pause 1800–2200 (first half)
      { start: 4300, end: 6000 }, // pause 3700–4300, mid 4000 (second half)
      { start: 6500, end: 9800 }, // pause 6000–6500, mid 6250
    ];
    expect(planPieces(speech, 10_000, 4000)).toEqual([
      { start: 0, end: 4000 },
      { start: 4000, end: 6250 },
      { start: 6250, end: 10_000 },
    ]);
    // a short late pause loses to a long one earlier in the second half
    const two = [
      { start: 0, end: 2100 },
      { start: 2900, end: 3800 },
      { start: 3900, end: 6000 },
    ];
    expect(planPieces(two, 6000, 4000)[0]).toEqual({ start: 0, end: 2500 });
  });
  it("cuts hard inside speech longer than a piece, and at an early pause when there is no late one", () => {
    expect(planPieces([{ start: 0, end: 9000 }], 9000, 4000)).toEqual([
      { start: 0, end: 4000 },
      { start: 4000, end: 8000 },
      { start: 8000, end: 9000 },
    ]);
    const early = [
      { start: 0, end: 1000 },
      { start: 1400, end: 9000 },
    ];
    expect(planPieces(early, 9000, 4000)[0]).toEqual({ start: 0, end: 1200 });
  });
});

describe("OpenAI engine on long audio (fake server)", () => {
  const t = tempDir();
  const s = useFakeServer();
  afterAll(() => t.cleanup());
  const engine = (opts = {}) =>
    createOpenAiAsrEngine({ apiKey: KEY, baseUrl: s.url, model: "whisper-1", ...opts });

  it("sends long audio in pieces cut at pauses, two at a time, and shifts the word times back", async () => {
    let inFlight = 0;
    let most = 0;
    s.answer = async (req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      const file = (await formOf(req)).get("file") as File;
      const ms = (parseWav(Buffer.from(await file.arrayBuffer())).data.length / RATE) * 1000;
      await new Promise((r) => setTimeout(r, 80));
      inFlight--;
      sendJson(res, 200, {
        words: [{ word: `piece${ms}`, start: 0.5, end: 0.9 }],
        segments: [{ start: 0, end: 1, text: ` piece${ms}.` }],
      });
    };
    const speech = [
      { start: 0, end: 1800 },
      { start: 2200, end: 3700 },
      { start: 4300, end: 6000 },
      { start: 6500, end: 9800 },
    ];
    const progress: number[] = [];
    const result = await engine({ maxPieceMs: 4000 }).transcribe({
      ...toneInput(t.dir, 10_000, "en", speech),
      onProgress: (f) => progress.push(f),
    });
    // pieces [0, 4000], [4000, 6250], [6250, 10000]
    expect(result.words).toEqual([
      { text: "piece4000.", start: 500, end: 900 },
      { text: "piece2250.", start: 4500, end: 4900 },
      { text: "piece3750.", start: 6750, end: 7150 },
    ]);
    expect(result.params.pieces).toBe(3);
    expect(s.requests).toHaveLength(3);
    expect(most).toBe(2);
    expect(progress.map((p) => p.toFixed(2))).toEqual(["0.33", "0.67", "1.00"]);
  });
});
