import { describe, expect, it } from "vitest";
import { deepgramLanguage, deepgramLanguages, deepgramUrl, parseDeepgramWords } from "./deepgram.ts";

const _KEY = "dg-test-0a1b2c3d4e";
/** A documented-shape pre-recorded answer (diarize + punctuate + smart_format), words out of order. */
const ANSWER = {
  metadata: { request_id: "r1", duration: 3.0, channels: 1, models: ["m"] },
  results: {
    channels: [
      {
        alternatives: [
          {
            transcript: "Hello, Anna. How are you?",
            confidence: 0.98,
            words: [
              { word: "how", start: 1.6, end: 1.76, confidence: 0.99, speaker: 1, punctuated_word: "How" },
              {
                word: "hello",
                start: 0.08,
                end: 0.48,
                confidence: 0.97,
                speaker: 0,
                punctuated_word: "Hello,",
              },
              {
                word: "anna",
                start: 0.56,
                end: 1.04,
                confidence: 0.91,
                speaker: 0,
                punctuated_word: "Anna.",
              },
              { word: "are", start: 1.76, end: 1.9, confidence: 0.99, speaker: 1, punctuated_word: "are" },
              { word: "you", start: 1.9, end: 2.3, confidence: 0.995, speaker: 1, punctuated_word: "you?" },
            ],
          },
        ],
      },
    ],
  },
};

describe("Deepgram pure parts", () => {
  it("maps app languages and knows what nova-2 lacks", () => {
    expect(deepgramLanguage("cmn")).toBe("zh-CN");
    expect(deepgramLanguage("zh")).toBe("zh-CN");
    expect(deepgramLanguage("pt")).toBe("pt");
    expect(deepgramLanguages("nova-3")).toHaveLength(21);
    expect(deepgramLanguages("nova-2-general")).not.toContain("ar");
    expect(deepgramLanguages("nova-2")).not.toContain("he");
    expect(deepgramLanguages("nova-2")).toHaveLength(19);
  });
  it("builds the documented query", () => {
    expect(deepgramUrl("https://api.deepgram.com/", "nova-3", "zh-CN")).toBe(
      "https://api.deepgram.com/v1/listen?model=nova-3&language=zh-CN&punctuate=true&diarize=true&smart_format=true",
    );
  });
  it("reads punctuated words in ms with confidences and speakers, sorted", () => {
    expect(parseDeepgramWords(ANSWER)).toEqual([
      { text: "Hello,", start: 80, end: 480, confidence: 0.97, speaker: "0" },
      { text: "Anna.", start: 560, end: 1040, confidence: 0.91, speaker: "0" },
      { text: "How", start: 1600, end: 1760, confidence: 0.99, speaker: "1" },
      { text: "are", start: 1760, end: 1900, confidence: 0.99, speaker: "1" },
      { text: "you?", start: 1900, end: 2300, confidence: 0.995, speaker: "1" },
    ]);
    // without punctuation or diarization
    expect(
      parseDeepgramWords({
        results: { channels: [{ alternatives: [{ words: [{ word: "hi", start: 0.1, end: 0.2 }] }] }] },
      }),
    ).toEqual([{ text: "hi", start: 100, end: 200 }]);
    expect(parseDeepgramWords({})).toEqual([]);
  });
});
