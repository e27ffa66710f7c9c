import { describe, expect, it } from "vitest";
import { azureSpeechCredentials, azureSpeechProblem, requireAzureSpeech } from "./azure.ts";

describe("Azure Speech credentials (shared by ASR and TTS)", () => {
  it("need a key and a region or an endpoint, and name the variable to set", () => {
    const p = (o: Parameters<typeof azureSpeechCredentials>[0]) =>
      azureSpeechProblem(azureSpeechCredentials(o));
    expect(p({})).toBe("no Azure Speech key configured (set AZURE_SPEECH_KEY)");
    expect(p({ region: "westus" })).toBe("no Azure Speech key configured (set AZURE_SPEECH_KEY)");
    expect(p({ key: "k" })).toBe(
      "no Azure Speech region configured (set AZURE_SPEECH_REGION or AZURE_SPEECH_ENDPOINT)",
    );
    expect(p({ key: "k", region: "westus" })).toBeNull();
    expect(p({ key: "k", endpoint: "http://h" })).toBeNull();
  });

  it("refuses a request that cannot be authorised", () => {
    expect(() => requireAzureSpeech(azureSpeechCredentials({ key: "k" }))).toThrow(
      expect.objectContaining({ code: "engine_failed" }),
    );
  });
});
