import { describe, expect, it } from "vitest";
import { encodeWav } from "../audio/wav.ts";
import { AZURE_LOCALE } from "../engines/azure.ts";
import { LANGUAGES } from "../languages.ts";
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
import { VOICES } from "../voices/catalog.ts";
import { azureRate, azureSsml, azureUrl, createAzureTtsEngine } from "./azure.ts";

describe("Azure request building", () => {
  it("writes the rate as a signed percentage within 0.5–2", () => {
    expect(azureRate()).toBe("+0.00%");
    expect(azureRate(1.2)).toBe("+20.00%");
    expect(azureRate(0.85)).toBe("-15.00%");
    expect(azureRate(0.1)).toBe("-50.00%");
    expect(azureRate(9)).toBe("+100.00%");
  });

  it("puts the voice, the target locale, the rate and the escaped text in the SSML", () => {
    const ssml = azureSsml({
      text: ` Tom & "Jerry" <3\n 'ok' `,
      voice: "en-US-AvaMultilingualNeural",
      language: "es",
      rate: 1.25,
    });
    expect(ssml).toBe(
      '<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="en-US">' +
        '<voice name="en-US-AvaMultilingualNeural"><lang xml:lang="es-ES">' +
        '<prosody rate="+25.00%">Tom &amp; &quot;Jerry&quot; &lt;3 &apos;ok&apos;</prosody>' +
        "</lang></voice></speak>",
    );
    // the speak element takes the voice's own locale
    expect(azureSsml({ text: "x", voice: "de-DE-FlorianMultilingualNeural", language: "cmn" })).toContain(
      'xml:lang="de-DE"><voice name="de-DE-FlorianMultilingualNeural"><lang xml:lang="zh-CN">',
    );
  });

  it("has a locale for every app language (Mandarin for zh and cmn, Brazilian Portuguese)", () => {
    for (const { code } of LANGUAGES) expect(AZURE_LOCALE[code]).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
    expect([AZURE_LOCALE.zh, AZURE_LOCALE.cmn, AZURE_LOCALE.pt, AZURE_LOCALE.es]).toEqual([
      "zh-CN",
      "zh-CN",
      "pt-BR",
      "es-ES",
    ]);
  });

  it("builds the URL from the region, or the endpoint when given", () => {
    expect(azureUrl({ region: "westeurope" })).toBe(
      "https://westeurope.tts.speech.microsoft.com/cognitiveservices/v1",
    );
    expect(azureUrl({ region: "westeurope", endpoint: "http://127.0.0.1:9/" })).toBe(
      "http://127.0.0.1:9/cognitiveservices/v1",
    );
    expect(azureUrl({ endpoint: "https://x.example/tts/cognitiveservices/v1" })).toBe(
      "https://x.example/tts/cognitiveservices/v1",
    );
  });
});

describe("Azure voices and configuration", () => {
  it("offers the 47 catalogue voices in every language and maps each to itself", () => {
    const e = createAzureTtsEngine({ key: "", region: "" });
    expect(e.languages).toHaveLength(21);
    const v = e.voices("ja");
    expect(v).toHaveLength(47);
    expect(v.map((x) => x.id)).toEqual(VOICES.map((x) => x.value));
    expect(v.every((x) => x.engine === "azure-tts" && x.language === "ja")).toBe(true);
    expect(e.voiceFor?.("es-ES-TristanMultilingualNeural", "fr")).toEqual({
      engine: "azure-tts",
      id: "es-ES-TristanMultilingualNeural",
      language: "fr",
      gender: "Male",
      label: "Azure Tristan",
    });
    expect(e.voiceFor?.("en-US-AvaMultilingualNeural", "de")?.gender).toBe("Female");
    expect(e.voiceFor?.("en-US-NobodyNeural", "en")).toBeUndefined();
    expect(e.capabilities).toEqual({ rateControl: true, minRate: 0.5, maxRate: 2 });
  });

  it("is available only with a key and a region or endpoint", async () => {
    const reason = "no Azure Speech key configured (set AZURE_SPEECH_KEY and AZURE_SPEECH_REGION)";
    expect(await createAzureTtsEngine({ key: "", region: "westus" }).available()).toEqual({
      ok: false,
      reason,
    });
    expect(await createAzureTtsEngine({ key: "k", region: "", endpoint: "" }).available()).toEqual({
      ok: false,
      reason,
    });
    expect(await createAzureTtsEngine({ key: "k", region: "westus" }).available()).toEqual({ ok: true });
    expect(await createAzureTtsEngine({ key: "k", region: "", endpoint: "http://h" }).available()).toEqual({
      ok: true,
    });
  });

  it("never reads the environment: no options, no engine", async () => {
    expect((await createAzureTtsEngine().available()).ok).toBe(false);
  });
});

describe("Azure synthesis (fake Azure Speech server)", () => {
  const s = useFakeServer();
  const KEY = "secret-azure-key-0123456789";
  const engine = (key = KEY) => createAzureTtsEngine({ key, region: "", endpoint: s.url });
  const hi = { text: "hi", voice: "en-US-AvaMultilingualNeural", language: "en" } as const;

  it("sends the documented request and returns the WAV as a mono clip", async () => {
    s.answer = (_req, res) => {
      res.writeHead(200, { "content-type": "audio/x-wav" }).end(encodeWav(sine(2400, 24000), 24000));
    };
    const clip = await engine().synthesize({
      text: "Hola & adiós",
      voice: "en-US-AndrewMultilingualNeural",
      language: "es",
      rate: 1.2,
    });
    const req = s.requests.at(-1)!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/cognitiveservices/v1");
    expect(req.headers["ocp-apim-subscription-key"]).toBe(KEY);
    expect(req.headers["content-type"]).toBe("application/ssml+xml");
    expect(req.headers["x-microsoft-outputformat"]).toBe("riff-24khz-16bit-mono-pcm");
    expect(req.headers["user-agent"]).toBe("dubbing");
    const ssml = req.body.toString("utf8");
    expect(ssml).toContain('<voice name="en-US-AndrewMultilingualNeural">');
    expect(ssml).toContain('<lang xml:lang="es-ES">');
    expect(ssml).toContain('<prosody rate="+20.00%">Hola &amp; adiós</prosody>');
    expect(clip.sampleRate).toBe(24000);
    expect(clip.samples).toHaveLength(2400);
    expect(rms(clip.samples)).toBeGreaterThan(0.3);
  });

  it("turns 401 and 400 answers into engine_failed with Azure's message and without the key", async () => {
    s.answer = (_req, res) =>
      sendJson(res, 401, {
        error: {
          code: "401",
          message: "Access denied due to invalid subscription key or wrong API endpoint.",
        },
      });
    await expectProviderError(
      engine().synthesize(hi),
      "Azure Speech answered 401: Access denied due to invalid subscription key or wrong API endpoint.",
      KEY,
    );
    s.answer = (_req, res) => {
      res.writeHead(400, { "content-type": "text/plain" }).end("SSML is not well formed");
    };
    await expectProviderError(
      engine().synthesize(hi),
      "Azure Speech answered 400: SSML is not well formed",
      KEY,
    );
  });

  it("treats a 200 without audio as a failure", async () => {
    s.answer = (_req, res) => {
      res.writeHead(200, { "content-type": "audio/x-wav" }).end();
    };
    await expect(engine().synthesize({ ...hi, language: "th" })).rejects.toMatchObject({
      code: "engine_failed",
      message:
        "Azure Speech returned no WAV audio for en-US-AvaMultilingualNeural in th: not a RIFF/WAVE file",
    });
    s.answer = (_req, res) => {
      res.writeHead(200, { "content-type": "audio/x-wav" }).end(encodeWav(new Float32Array(0), 24000));
    };
    await expect(engine().synthesize({ ...hi, language: "th" })).rejects.toMatchObject({
      code: "engine_failed",
      message: "Azure Speech returned no audio for en-US-AvaMultilingualNeural in th",
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
    await expectAborted(engine().synthesize({ ...hi, signal: AbortSignal.abort() }));
  });

  it("refuses empty text without calling Azure", async () => {
    const before = s.requests.length;
    await expect(
      engine().synthesize({ text: "  \n", voice: "en-US-AvaMultilingualNeural", language: "en" }),
    ).rejects.toMatchObject({ code: "invalid_segment" });
    expect(s.requests.length).toBe(before);
  });
});
