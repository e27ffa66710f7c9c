// The cloud TTS engines against a fake server speaking each provider's wire format: one table, the same
// checks for each (configuration, the documented request, errors without the key, bad audio, stopping).
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { encodeWav } from "../audio/wav.ts";
import type { SynthesisRequest, TtsEngine } from "../engines/types.ts";
import { type RecordedRequest, sendJson } from "../testing/fake-server.ts";
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
import { createAzureTtsEngine } from "./azure.ts";
import { createElevenLabsTtsEngine } from "./elevenlabs.ts";
import { createOpenAiTtsEngine } from "./openai.ts";

/** A WAV as OpenAI streams it: RIFF and data sizes left at 0xFFFFFFFF. */
function streamedWav(samples: Float32Array, rate: number): Buffer {
  const b = encodeWav(samples, rate);
  b.writeUInt32LE(0xffffffff, 4);
  b.writeUInt32LE(0xffffffff, 40);
  return b;
}
/** Raw S16LE, as ElevenLabs sends pcm_24000: the WAV's data without its 44-byte header. */
const pcm = (samples: Float32Array) => encodeWav(samples, 24000).subarray(44);

interface TtsCase {
  name: string;
  /** The engine with this key at this URL ("" = no key). */
  make: (key: string, url: string) => TtsEngine;
  /** Why it is unavailable without a key. */
  reason: string;
  /** The audio of a 200 answer, as the provider sends it. */
  audio: (samples: Float32Array) => Buffer;
  request: SynthesisRequest;
  /** Checks the documented request (path, key header, body). */
  expectRequest: (req: RecordedRequest, key: string) => void;
  /** A 401 as the provider sends it, and the message the engine must give. */
  unauthorized: (res: ServerResponse) => void;
  message401: string | RegExp;
  /** What a 200 without audio must say. */
  noAudio: string;
}

const CASES: TtsCase[] = [
  {
    name: "Azure",
    make: (key, url) => createAzureTtsEngine({ key, region: "", endpoint: url }),
    reason: "no Azure Speech key configured (set AZURE_SPEECH_KEY)",
    audio: (x) => encodeWav(x, 24000),
    request: { text: "Hola & adiós", voice: "en-US-AndrewMultilingualNeural", language: "es", rate: 1.2 },
    expectRequest: (req, key) => {
      expect(req.path).toBe("/cognitiveservices/v1");
      expect(req.headers["ocp-apim-subscription-key"]).toBe(key);
      expect(req.headers["content-type"]).toBe("application/ssml+xml");
      expect(req.headers["x-microsoft-outputformat"]).toBe("riff-24khz-16bit-mono-pcm");
      expect(req.headers["user-agent"]).toBe("dubbing");
      const ssml = req.body.toString("utf8");
      expect(ssml).toContain('<voice name="en-US-AndrewMultilingualNeural">');
      expect(ssml).toContain('<lang xml:lang="es-ES">');
      expect(ssml).toContain('<prosody rate="+20.00%">Hola &amp; adiós</prosody>');
    },
    unauthorized: (res) =>
      sendJson(res, 401, {
        error: {
          code: "401",
          message: "Access denied due to invalid subscription key or wrong API endpoint.",
        },
      }),
    message401:
      "Azure Speech answered 401: Access denied due to invalid subscription key or wrong API endpoint.",
    noAudio:
      "Azure Speech returned no WAV audio for en-US-AndrewMultilingualNeural in es: not a RIFF/WAVE file",
  },
  {
    name: "ElevenLabs",
    make: (apiKey, baseUrl) => createElevenLabsTtsEngine({ apiKey, baseUrl }),
    reason: "no ElevenLabs API key configured (set ELEVENLABS_API_KEY)",
    audio: pcm,
    request: {
      text: 'Guten Tag & <willkommen> "alle"',
      voice: "JBFqnCBsd6RMkjVDRZzb",
      language: "de",
      rate: 0.9,
    },
    expectRequest: (req, key) => {
      expect(req.path).toBe("/v1/text-to-speech/JBFqnCBsd6RMkjVDRZzb");
      expect(req.query.get("output_format")).toBe("pcm_24000");
      expect(req.headers["xi-api-key"]).toBe(key);
      expect(req.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(req.body.toString("utf8"))).toEqual({
        text: 'Guten Tag & <willkommen> "alle"',
        model_id: "eleven_multilingual_v2",
        voice_settings: { speed: 0.9 },
      });
    },
    unauthorized: (res) =>
      sendJson(res, 401, { detail: { status: "invalid_api_key", message: "Invalid API key" } }),
    message401: "ElevenLabs answered 401: Invalid API key",
    noAudio: "ElevenLabs returned no audio",
  },
  {
    name: "OpenAI",
    make: (apiKey, baseUrl) => createOpenAiTtsEngine({ apiKey, baseUrl }),
    reason: "no OpenAI API key configured (set OPENAI_API_KEY)",
    audio: (x) => streamedWav(x, 24000),
    request: { text: 'Bonjour <à> tous & "vous"', voice: "onyx", language: "fr", rate: 1.15 },
    expectRequest: (req, key) => {
      expect(req.path).toBe("/v1/audio/speech");
      expect(req.headers.authorization).toBe(`Bearer ${key}`);
      expect(req.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(req.body.toString("utf8"))).toEqual({
        model: "tts-1-hd",
        input: 'Bonjour <à> tous & "vous"',
        voice: "onyx",
        response_format: "wav",
        speed: 1.15,
      });
    },
    unauthorized: (res) =>
      sendJson(res, 401, {
        error: {
          message: "Incorrect API key provided: sk-test-********************789.",
          type: "invalid_request_error",
          code: "invalid_api_key",
        },
      }),
    message401: /^OpenAI answered 401: Incorrect API key provided/,
    noAudio: "OpenAI returned no WAV audio: not a RIFF/WAVE file",
  },
];

describe.each(CASES)("$name TTS (fake provider server)", (c) => {
  const s = useFakeServer();
  const KEY = "secret-test-key-0123456789";
  const engine = () => c.make(KEY, s.url);

  it("is available only with a key, and says how to set it", async () => {
    expect(await c.make("", s.url).available()).toEqual({ ok: false, reason: c.reason });
    expect(await engine().available()).toEqual({ ok: true });
  });

  it("sends the documented request and returns the audio as a mono clip", async () => {
    s.answer = (_req, res) => {
      res.writeHead(200).end(c.audio(sine(4800, 24000)));
    };
    const clip = await engine().synthesize(c.request);
    const req = s.requests.at(-1)!;
    expect(req.method).toBe("POST");
    c.expectRequest(req, KEY);
    expect(clip.sampleRate).toBe(24000);
    expect(clip.samples).toHaveLength(4800);
    expect(rms(clip.samples)).toBeGreaterThan(0.3);
  });

  it("turns a 401 into engine_failed with the provider's message and without the key", async () => {
    s.answer = (_req, res) => c.unauthorized(res);
    await expectProviderError(engine().synthesize(c.request), c.message401, KEY);
  });

  it("treats a 200 without audio as a failure", async () => {
    s.answer = (_req, res) => {
      res.writeHead(200).end();
    };
    await expect(engine().synthesize(c.request)).rejects.toMatchObject({
      code: "engine_failed",
      message: c.noAudio,
    });
  });

  it("stops when aborted before the answer or while the audio is arriving", async () => {
    s.answer = later(1000, (_req, res) => {
      res.writeHead(200).end(c.audio(sine(240, 24000)));
    });
    await expectAborted(engine().synthesize({ ...c.request, signal: abortAfter(50) }));
    s.answer = (_req, res) => sendSlowly(res, c.audio(sine(24000, 24000)));
    await expectAborted(engine().synthesize({ ...c.request, signal: abortAfter(100) }));
    const n = s.requests.length;
    await expectAborted(engine().synthesize({ ...c.request, signal: AbortSignal.abort() }));
    expect(s.requests).toHaveLength(n);
  });
});
