import { describe, expect, it } from "vitest";
import { encodeWav } from "../audio/wav.ts";
import { sendJson } from "../testing/fake-server.ts";
import {
  abortAfter,
  expectAborted,
  expectProviderError,
  later,
  rms,
  sendSlowly,
  sine,
  useFakeServer,
} from "../testing/providers.ts";
import { createOpenAiTtsEngine, openAiSpeechBody, openAiSpeechUrl, openAiVoiceFor } from "./openai.ts";

/** A WAV as OpenAI streams it: RIFF and data sizes left at 0xFFFFFFFF. */
function streamedWav(samples: Float32Array, rate: number): Buffer {
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
  it("is available only with a key, and says how to set it", async () => {
    expect(await createOpenAiTtsEngine({ apiKey: "" }).available()).toEqual({
      ok: false,
      reason: "no OpenAI API key configured (set OPENAI_API_KEY)",
    });
    expect(await createOpenAiTtsEngine({ apiKey: "sk-x" }).available()).toEqual({ ok: true });
  });

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

describe("OpenAI synthesis (fake OpenAI server)", () => {
  const s = useFakeServer();
  const KEY = "sk-test-secret-0123456789";
  const engine = (apiKey = KEY, model?: string) => createOpenAiTtsEngine({ apiKey, baseUrl: s.url, model });
  const hi = { text: "hi", voice: "nova", language: "en" } as const;

  it("sends the documented request and returns the (streamed) WAV as a mono clip", async () => {
    s.answer = (_req, res) => {
      res.writeHead(200, { "content-type": "audio/wav" }).end(streamedWav(sine(4800, 24000), 24000));
    };
    const clip = await engine().synthesize({
      text: 'Bonjour <à> tous & "vous"',
      voice: "onyx",
      language: "fr",
      rate: 1.15,
    });
    const req = s.requests.at(-1)!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/audio/speech");
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(req.body.toString("utf8"))).toEqual({
      model: "tts-1-hd",
      input: 'Bonjour <à> tous & "vous"',
      voice: "onyx",
      response_format: "wav",
      speed: 1.15,
    });
    expect(clip.sampleRate).toBe(24000);
    expect(clip.samples).toHaveLength(4800);
    expect(rms(clip.samples)).toBeGreaterThan(0.3);
  });

  it("turns 401 and 400 answers into engine_failed with OpenAI's message and without the key", async () => {
    s.answer = (_req, res) =>
      sendJson(res, 401, {
        error: {
          message: "Incorrect API key provided: sk-test-********************789.",
          type: "invalid_request_error",
          code: "invalid_api_key",
        },
      });
    await expectProviderError(
      engine().synthesize(hi),
      /^OpenAI answered 401: Incorrect API key provided/,
      KEY,
    );

    s.answer = (_req, res) =>
      sendJson(res, 400, {
        error: {
          message: "Invalid value: 'bogus'. Supported values are: 'alloy', 'ash'.",
          type: "invalid_request_error",
        },
      });
    await expectProviderError(
      engine().synthesize({ ...hi, voice: "bogus" }),
      "OpenAI answered 400: Invalid value: 'bogus'. Supported values are: 'alloy', 'ash'.",
      KEY,
    );
  });

  it("treats an answer that is not WAV audio as a failure", async () => {
    s.answer = (_req, res) => {
      res.writeHead(200, { "content-type": "audio/mpeg" }).end(Buffer.from("ID3\u0003not a wav"));
    };
    await expect(engine().synthesize(hi)).rejects.toMatchObject({
      code: "engine_failed",
      message: "OpenAI returned no WAV audio: not a RIFF/WAVE file",
    });
  });

  it("stops when aborted while the audio is arriving", async () => {
    s.answer = (_req, res) => sendSlowly(res, encodeWav(sine(24000, 24000), 24000));
    await expectAborted(engine().synthesize({ ...hi, signal: abortAfter(100) }));
  });

  it("stops when aborted", async () => {
    s.answer = later(1000, (_req, res) => {
      res.writeHead(200).end(encodeWav(sine(240, 24000), 24000));
    });
    await expectAborted(engine().synthesize({ ...hi, signal: abortAfter(50) }));
  });
});
