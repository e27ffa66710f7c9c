import { describe, expect, it } from "vitest";
import { encodeWav, pcm16ToFloat } from "../audio/wav.ts";
import { sine, useFakeServer } from "../testing/providers.ts";
import {
  createElevenLabsTtsEngine,
  elevenLabsBody,
  elevenLabsLanguages,
  elevenLabsUrl,
  elevenLabsVoiceFor,
} from "./elevenlabs.ts";

/** Raw S16LE, as ElevenLabs sends pcm_24000: the WAV's data without its 44-byte header. */
const pcm = (samples: Float32Array) => encodeWav(samples, 24000).subarray(44);

describe("ElevenLabs request building", () => {
  it("sends text, model and the rate as voice_settings.speed within 0.7–1.2", () => {
    expect(
      elevenLabsBody({ text: ' Tom & "Jerry"\n<3 ', language: "de", rate: 1.1 }, "eleven_multilingual_v2"),
    ).toEqual({
      text: 'Tom & "Jerry" <3',
      model_id: "eleven_multilingual_v2",
      voice_settings: { speed: 1.1 },
    });
    expect(elevenLabsBody({ text: "a", language: "de" }, "eleven_multilingual_v2").voice_settings.speed).toBe(
      1,
    );
    expect(
      elevenLabsBody({ text: "a", language: "de", rate: 0.5 }, "eleven_multilingual_v2").voice_settings,
    ).toEqual({ speed: 0.7 });
    expect(
      elevenLabsBody({ text: "a", language: "de", rate: 1.5 }, "eleven_multilingual_v2").voice_settings,
    ).toEqual({ speed: 1.2 });
  });

  it("enforces the language (ISO 639-1) only on models that take language_code", () => {
    expect(elevenLabsBody({ text: "a", language: "cmn" }, "eleven_multilingual_v2")).not.toHaveProperty(
      "language_code",
    );
    expect(elevenLabsBody({ text: "a", language: "cmn" }, "eleven_flash_v2_5").language_code).toBe("zh");
    expect(elevenLabsBody({ text: "a", language: "vi" }, "eleven_turbo_v2_5").language_code).toBe("vi");
  });

  it("puts the voice in the path and asks for 24 kHz PCM", () => {
    expect(elevenLabsUrl("https://api.elevenlabs.io/", "JBFqnCBsd6RMkjVDRZzb")).toBe(
      "https://api.elevenlabs.io/v1/text-to-speech/JBFqnCBsd6RMkjVDRZzb?output_format=pcm_24000",
    );
    expect(elevenLabsUrl("http://h", "a/b")).toBe("http://h/v1/text-to-speech/a%2Fb?output_format=pcm_24000");
  });

  it("decodes signed 16-bit little-endian PCM", () => {
    expect(Array.from(pcm16ToFloat(Buffer.from([0x00, 0x40, 0x00, 0x80, 0xff, 0x7f, 0x01])))).toEqual([
      0.5,
      -1,
      32767 / 32768,
    ]);
  });
});

describe("ElevenLabs languages and voices", () => {
  it("serves the app languages its model documents", () => {
    const e = createElevenLabsTtsEngine({ apiKey: "", model: "eleven_multilingual_v2" });
    expect([...e.languages].sort()).toEqual(
      [
        "ar",
        "cmn",
        "de",
        "el",
        "en",
        "es",
        "fr",
        "hi",
        "it",
        "ja",
        "ko",
        "nl",
        "pl",
        "pt",
        "ru",
        "sv",
        "tr",
        "zh",
      ].sort(),
    );
    for (const missing of ["vi", "th", "he"] as const) {
      expect(e.languages).not.toContain(missing);
      expect(e.voices(missing)).toEqual([]);
      expect(e.voiceFor?.("en-US-AvaMultilingualNeural", missing)).toBeUndefined();
    }
    expect(elevenLabsLanguages("eleven_flash_v2_5")).toContain("vi");
    expect(elevenLabsLanguages("eleven_flash_v2_5")).not.toContain("th");
    expect(elevenLabsLanguages("eleven_v3")).toHaveLength(21);
    expect(elevenLabsLanguages("some_future_model")).toEqual(elevenLabsLanguages("eleven_multilingual_v2"));
  });

  it("lists the default voices with genders", () => {
    const v = createElevenLabsTtsEngine({ apiKey: "" }).voices("pt");
    expect(v).toHaveLength(19);
    expect(v.filter((x) => x.gender === "Female").map((x) => x.label)).toEqual([
      "ElevenLabs Alice",
      "ElevenLabs Aria",
      "ElevenLabs Charlotte",
      "ElevenLabs Jessica",
      "ElevenLabs Laura",
      "ElevenLabs Lily",
      "ElevenLabs Matilda",
      "ElevenLabs Sarah",
    ]);
    expect(v.find((x) => x.label === "ElevenLabs George")).toEqual({
      engine: "elevenlabs",
      id: "JBFqnCBsd6RMkjVDRZzb",
      language: "pt",
      gender: "Male",
      label: "ElevenLabs George",
    });
  });

  it("maps catalogue voices to a voice of the same gender, spreading them", () => {
    expect(elevenLabsVoiceFor("en-US-AndrewMultilingualNeural", "it")?.label).toBe("ElevenLabs Bill");
    expect(elevenLabsVoiceFor("en-US-BrianMultilingualNeural", "it")?.label).toBe("ElevenLabs Brian");
    expect(elevenLabsVoiceFor("en-US-AvaMultilingualNeural", "it")?.label).toBe("ElevenLabs Alice");
    expect(elevenLabsVoiceFor("nobody", "en")).toBeUndefined();
  });
});

describe("ElevenLabs configuration", () => {
  it("takes its languages and rate range from the model", async () => {
    const e = createElevenLabsTtsEngine({ apiKey: "xi", model: "eleven_v3" });
    expect(await e.available()).toEqual({ ok: true });
    expect(e.languages).toContain("he");
    expect(e.capabilities).toEqual({ rateControl: true, minRate: 0.7, maxRate: 1.2 });
  });
});

describe("ElevenLabs synthesis (fake ElevenLabs server)", () => {
  const s = useFakeServer();
  const KEY = "xi-secret-key-0123456789";
  const engine = (model?: string) => createElevenLabsTtsEngine({ apiKey: KEY, baseUrl: s.url, model });
  const _hi = { text: "hi", voice: "JBFqnCBsd6RMkjVDRZzb", language: "en" } as const;

  it("sends the language to a model that takes it", async () => {
    s.answer = (_req, res) => {
      res.writeHead(200).end(pcm(sine(240, 24000)));
    };
    await engine("eleven_flash_v2_5").synthesize({
      text: "xin chào",
      voice: "EXAVITQu4vr4xnSDxMaL",
      language: "vi",
    });
    expect(JSON.parse(s.requests.at(-1)!.body.toString("utf8"))).toMatchObject({
      model_id: "eleven_flash_v2_5",
      language_code: "vi",
    });
  });
});
