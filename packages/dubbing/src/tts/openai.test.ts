import { describe, expect, it } from "vitest";
import { encodeWav } from "../audio/wav.ts";
import { createOpenAiTtsEngine, openAiSpeechBody, openAiSpeechUrl, openAiVoiceFor } from "./openai.ts";

/** A WAV as OpenAI streams it: RIFF and data sizes left at 0xFFFFFFFF. */
function _streamedWav(samples: Float32Array, rate: number): Buffer {
  const b = encodeWav(samples, rate);
  b.writeUInt32LE(0xffffffff, 4);
  b.writeUInt32LE(0xffffffff, 40);
  return b;
}

describe("OpenAI request building", () => {
  it("sends model, input, voice, WAV and the rate as speed within 0.25–4", () => {
    expect(openAiSpeechBody({ text: ' Tom & "Jerry" <3\n', voice: "onyx", rate: 1.3 }, "tts-1-hd")).toEqual({
      model: "tts-1-hd",
      input: 'Tom & "Jerry" <3',
      voice: "onyx",
      response_format: "wav",
      speed: 1.3,
    });
    expect(openAiSpeechBody({ text: "a", voice: "nova" }, "tts-1").speed).toBe(1);
    expect(openAiSpeechBody({ text: "a", voice: "nova", rate: 0.1 }, "tts-1").speed).toBe(0.25);
    expect(openAiSpeechBody({ text: "a", voice: "nova", rate: 7 }, "tts-1").speed).toBe(4);
    // the reference says speed does not work with gpt-4o-mini-tts: it is not sent
    expect(openAiSpeechBody({ text: "a", voice: "nova", rate: 1.5 }, "gpt-4o-mini-tts")).not.toHaveProperty(
      "speed",
    );
  });

  it("builds the URL from the API origin, with or without /v1", () => {
    expect(openAiSpeechUrl("https://api.openai.com")).toBe("https://api.openai.com/v1/audio/speech");
    expect(openAiSpeechUrl("https://api.openai.com/v1/")).toBe("https://api.openai.com/v1/audio/speech");
    expect(openAiSpeechUrl("http://127.0.0.1:8880/")).toBe("http://127.0.0.1:8880/v1/audio/speech");
  });
});

describe("OpenAI voices", () => {
  it("lists the nine voices with genders in every language", () => {
    const e = createOpenAiTtsEngine({ apiKey: "" });
    expect(e.languages).toHaveLength(21);
    const v = e.voices("ko");
    expect(v.map((x) => x.id)).toEqual([
      "alloy",
      "ash",
      "coral",
      "echo",
      "fable",
      "nova",
      "onyx",
      "sage",
      "shimmer",
    ]);
    expect(v.filter((x) => x.gender === "Male").map((x) => x.id)).toEqual(["ash", "echo", "fable", "onyx"]);
    expect(v.every((x) => x.engine === "openai-tts" && x.language === "ko")).toBe(true);
  });

  it("maps catalogue voices to a voice of the same gender, spreading them", () => {
    expect(openAiVoiceFor("en-US-AndrewMultilingualNeural", "es")).toEqual({
      engine: "openai-tts",
      id: "ash",
      language: "es",
      gender: "Male",
      label: "OpenAI ash",
    });
    expect(openAiVoiceFor("en-US-AvaMultilingualNeural", "es")?.id).toBe("alloy");
    expect(openAiVoiceFor("en-US-EmmaMultilingualNeural", "es")?.id).toBe("coral");
    expect(openAiVoiceFor("nobody", "en")).toBeUndefined();
  });
});

describe("OpenAI configuration", () => {
  it("rate control follows the model", async () => {
    const e = createOpenAiTtsEngine({ apiKey: "sk-x", model: "gpt-4o-mini-tts" });
    expect(await e.available()).toEqual({ ok: true });
    expect(e.capabilities.rateControl).toBe(false);
    expect(createOpenAiTtsEngine({ model: "" }).capabilities).toEqual({
      rateControl: true,
      minRate: 0.25,
      maxRate: 4,
    });
  });
});
