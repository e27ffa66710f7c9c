import type { ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { encodeWav } from "../audio/wav.ts";
import { type FakeServer, type RecordedRequest, sendJson, startFakeServer } from "../testing/fake-server.ts";
import { VOICES } from "../voices/catalog.ts";
import {
  createOpenAiTtsEngine,
  OPENAI_VOICES,
  openAiSpeechBody,
  openAiSpeechUrl,
  openAiVoiceFor,
} from "./openai.ts";

const sine = (n: number, rate: number) =>
  Float32Array.from({ length: n }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate));
const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);
const unexpected = () => {
  throw new Error("expected a failure");
};

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

  it("maps catalogue voices deterministically, to a voice of the same gender, spreading them", () => {
    expect(openAiVoiceFor("en-US-AndrewMultilingualNeural", "es")).toEqual({
      engine: "openai-tts",
      id: "ash",
      language: "es",
      gender: "Male",
      label: "OpenAI ash",
    });
    expect(openAiVoiceFor("en-US-AvaMultilingualNeural", "es")?.id).toBe("alloy");
    expect(openAiVoiceFor("en-US-EmmaMultilingualNeural", "es")?.id).toBe("coral");
    for (const c of VOICES) {
      const a = openAiVoiceFor(c.value, "fr")!;
      expect(a.gender).toBe(c.gender);
      expect(OPENAI_VOICES.map((o) => o.id)).toContain(a.id);
      expect(openAiVoiceFor(c.value, "fr")).toEqual(a);
    }
    // as many distinct voices as OpenAI has for each gender among the first catalogue voices of it
    for (const gender of ["Male", "Female"] as const) {
      const n = OPENAI_VOICES.filter((o) => o.gender === gender).length;
      const first = VOICES.filter((c) => c.gender === gender).slice(0, n);
      expect(new Set(first.map((c) => openAiVoiceFor(c.value, "en")!.id)).size).toBe(n);
    }
    expect(openAiVoiceFor("nobody", "en")).toBeUndefined();
  });
});

describe("OpenAI configuration", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is available only with a key, and says how to set it", async () => {
    expect(await createOpenAiTtsEngine({ apiKey: "" }).available()).toEqual({
      ok: false,
      reason: "no OpenAI API key configured (set OPENAI_API_KEY)",
    });
    expect(await createOpenAiTtsEngine({ apiKey: "sk-x" }).available()).toEqual({ ok: true });
  });

  it("reads key, base URL and model from the environment; rate control follows the model", async () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-env");
    vi.stubEnv("OPENAI_TTS_MODEL", "gpt-4o-mini-tts");
    const e = createOpenAiTtsEngine();
    expect(await e.available()).toEqual({ ok: true });
    expect(e.capabilities.rateControl).toBe(false);
    vi.stubEnv("OPENAI_TTS_MODEL", "");
    expect(createOpenAiTtsEngine().capabilities).toEqual({ rateControl: true, minRate: 0.25, maxRate: 4 });
  });
});

describe("OpenAI synthesis (fake OpenAI server)", () => {
  let s: FakeServer;
  let answer: (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;
  const KEY = "sk-test-secret-0123456789";
  const engine = (apiKey = KEY, model?: string) => createOpenAiTtsEngine({ apiKey, baseUrl: s.url, model });

  beforeAll(async () => {
    s = await startFakeServer((req, res) => answer(req, res));
  });
  afterAll(() => s.close());

  it("sends the documented request and returns the (streamed) WAV as a mono clip", async () => {
    answer = (_req, res) => {
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
    answer = (_req, res) =>
      sendJson(res, 401, {
        error: {
          message: "Incorrect API key provided: sk-test-********************789.",
          type: "invalid_request_error",
          code: "invalid_api_key",
        },
      });
    const err = await engine()
      .synthesize({ text: "hi", voice: "nova", language: "en" })
      .then(unexpected, (e: unknown) => e as Error);
    expect(err).toMatchObject({ code: "engine_failed" });
    expect(err.message).toMatch(/^OpenAI answered 401: Incorrect API key provided/);
    expect(err.message).not.toContain(KEY);

    answer = (_req, res) =>
      sendJson(res, 400, {
        error: {
          message: "Invalid value: 'bogus'. Supported values are: 'alloy', 'ash'.",
          type: "invalid_request_error",
        },
      });
    await expect(engine().synthesize({ text: "hi", voice: "bogus", language: "en" })).rejects.toMatchObject({
      code: "engine_failed",
      message: "OpenAI answered 400: Invalid value: 'bogus'. Supported values are: 'alloy', 'ash'.",
    });
  });

  it("treats an answer that is not WAV audio as a failure", async () => {
    answer = (_req, res) => {
      res.writeHead(200, { "content-type": "audio/mpeg" }).end(Buffer.from("ID3\u0003not a wav"));
    };
    await expect(engine().synthesize({ text: "hi", voice: "nova", language: "en" })).rejects.toMatchObject({
      code: "engine_failed",
      message: expect.stringContaining("no WAV audio"),
    });
  });

  // its own server: a request after an aborted one can keep a server from closing for seconds
  it("stops when aborted while the audio is arriving", async () => {
    const slow = await startFakeServer(async (_req, res) => {
      const audio = encodeWav(sine(24000, 24000), 24000);
      res.writeHead(200).write(audio.subarray(0, 1000));
      await new Promise((r) => setTimeout(r, 1000));
      res.end(audio.subarray(1000));
    });
    try {
      const c = new AbortController();
      const pending = createOpenAiTtsEngine({ apiKey: KEY, baseUrl: slow.url }).synthesize({
        text: "hi",
        voice: "nova",
        language: "en",
        signal: c.signal,
      });
      setTimeout(() => c.abort(), 100);
      await expect(pending).rejects.toMatchObject({ code: "aborted" });
    } finally {
      await slow.close();
    }
  });

  it("stops when aborted", async () => {
    answer = async (_req, res) => {
      await new Promise((r) => setTimeout(r, 1000));
      res.writeHead(200).end(encodeWav(sine(240, 24000), 24000));
    };
    const c = new AbortController();
    setTimeout(() => c.abort(), 50);
    await expect(
      engine().synthesize({ text: "hi", voice: "nova", language: "en", signal: c.signal }),
    ).rejects.toMatchObject({ code: "aborted" });
  });
});
