import { describe, expect, it } from "vitest";
import { encodeWav } from "../audio/wav.ts";
import { AZURE_LOCALE } from "../engines/azure.ts";
import { LANGUAGES } from "../languages.ts";
import { expectProviderError, useFakeServer } from "../testing/providers.ts";
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

  it("never reads the environment: no options, no engine", async () => {
    expect((await createAzureTtsEngine().available()).ok).toBe(false);
  });
});

describe("Azure synthesis (fake Azure Speech server)", () => {
  const s = useFakeServer();
  const KEY = "secret-azure-key-0123456789";
  const engine = (key = KEY) => createAzureTtsEngine({ key, region: "", endpoint: s.url });
  const hi = { text: "hi", voice: "en-US-AvaMultilingualNeural", language: "en" } as const;

  it("turns a plain-text 400 into engine_failed without the key", async () => {
    s.answer = (_req, res) => {
      res.writeHead(400, { "content-type": "text/plain" }).end("SSML is not well formed");
    };
    await expectProviderError(
      engine().synthesize(hi),
      "Azure Speech answered 400: SSML is not well formed",
      KEY,
    );
  });

  it("treats a WAV without samples as a failure", async () => {
    s.answer = (_req, res) => {
      res.writeHead(200, { "content-type": "audio/x-wav" }).end(encodeWav(new Float32Array(0), 24000));
    };
    await expect(engine().synthesize({ ...hi, language: "th" })).rejects.toMatchObject({
      code: "engine_failed",
      message: "Azure Speech returned no audio for en-US-AvaMultilingualNeural in th",
    });
  });

  it("refuses empty text without calling Azure", async () => {
    const before = s.requests.length;
    await expect(
      engine().synthesize({ text: "  \n", voice: "en-US-AvaMultilingualNeural", language: "en" }),
    ).rejects.toMatchObject({ code: "invalid_segment" });
    expect(s.requests.length).toBe(before);
  });
});
