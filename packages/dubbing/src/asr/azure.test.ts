import { describe, expect, it } from "vitest";
import { azureLocale } from "../engines/azure.ts";
import { LANGUAGES } from "../languages.ts";
import { azurePhrase } from "../testing/providers.ts";
import { azureDefinition, azureTranscribeUrl, parseAzureWords } from "./azure.ts";

const _KEY = "azkey-test-5e6f7a8b9c";
/** A documented-shape answer with diarization on (phrases out of order, as the docs don't promise it). */
const ANSWER = {
  durationMilliseconds: 3000,
  combinedPhrases: [{ channel: 0, text: "Good afternoon. Hi there." }],
  phrases: [
    azurePhrase(
      [
        ["Hi", 1600, 1840],
        ["there.", 1840, 2240],
      ],
      { channel: 0, speaker: 0, locale: "en-US", confidence: 0.93 },
    ),
    azurePhrase(
      [
        ["Good", 960, 1200],
        ["afternoon.", 1200, 1600],
      ],
      { channel: 0, speaker: 1, locale: "en-US", confidence: 0.93 },
    ),
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
    // the speaker count the user gave is the hint; one speaker is not diarized
    expect(azureDefinition("en-US", true, 3)).toMatchObject({
      diarization: { enabled: true, maxSpeakers: 3 },
    });
    expect(azureDefinition("en-US", true, 1)).toEqual({ locales: ["en-US"], profanityFilterMode: "None" });
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
        azurePhrase(
          [
            ["他", 0, 40],
            ["说", 40, 80],
            ["“", 80, 120],
            ["你", 120, 160],
            ["好", 160, 200],
            ["”", 200, 240],
            ["。", 240, 280],
          ],
          { durationMilliseconds: 400, text: "他说“你好”" },
        ),
        { offsetMilliseconds: 500, durationMilliseconds: 300, text: "好的！" },
        azurePhrase(
          [
            ["Thank", 900, 1000],
            ["you", 1000, 1200],
          ],
          { text: "Thank you." },
        ),
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
