import { describe, expect, it } from "vitest";
import { azureLocale } from "../engines/azure.ts";
import { LANGUAGES } from "../languages.ts";
import { azureDefinition, azureTranscribeUrl, parseAzureWords } from "./azure.ts";

const _KEY = "azkey-test-5e6f7a8b9c";
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
