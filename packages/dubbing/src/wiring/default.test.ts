import { describe, expect, it } from "vitest";
import { ENGINE_ENV, engineOptions, engineOptionsFromEnv, withoutEngineEnv } from "../engines/options.ts";
import { createDefaultRegistry } from "./default.ts";

describe("engineOptions", () => {
  it("maps each variable to its engine's option and drops blank ones", () => {
    expect(
      engineOptions({
        OPENAI_API_KEY: " sk ",
        OPENAI_TTS_MODEL: "gpt-4o-mini-tts",
        AZURE_SPEECH_KEY: "",
        FLITE_PATH: "/opt/flite",
        DEEPL_API_URL: "http://127.0.0.1:9",
      }),
    ).toEqual({
      openai: { apiKey: "sk", ttsModel: "gpt-4o-mini-tts" },
      flite: { binary: "/opt/flite" },
      deepl: { baseUrl: "http://127.0.0.1:9" },
    });
  });

  it("names every engine variable once, each setting a different option", () => {
    const targets = Object.values(ENGINE_ENV).map(([s, f]) => `${s}.${f}`);
    expect(new Set(targets).size).toBe(targets.length);
    expect(targets.length).toBeGreaterThanOrEqual(25);
  });

  it("reads only the environment it is given, ignoring others", () => {
    expect(engineOptionsFromEnv({ DEEPGRAM_API_KEY: "dg", PATH: "/bin" })).toEqual({
      deepgram: { apiKey: "dg" },
    });
    expect(withoutEngineEnv({ DEEPGRAM_API_KEY: "dg", PATH: "/bin" })).toEqual({ PATH: "/bin" });
  });
});

describe("createDefaultRegistry(options)", () => {
  it("switches on exactly the cloud engines whose keys are given", async () => {
    const r = createDefaultRegistry(
      engineOptions({ OPENAI_API_KEY: "sk", AZURE_SPEECH_KEY: "k", AZURE_SPEECH_REGION: "eastus" }),
    );
    const ok = async (kind: "asr" | "mt" | "tts", id: string) => (await r.get(kind, id)!.available()).ok;
    expect(await ok("asr", "openai-asr")).toBe(true);
    expect(await ok("mt", "openai-mt")).toBe(true);
    expect(await ok("tts", "openai-tts")).toBe(true);
    expect(await ok("asr", "azure-stt")).toBe(true);
    expect(await ok("tts", "azure-tts")).toBe(true);
    expect(await ok("asr", "deepgram")).toBe(false);
    expect(await ok("mt", "deepl")).toBe(false);
    expect(await ok("tts", "elevenlabs")).toBe(false);
    // nothing given: no cloud engine, whatever this process's environment holds
    const none = createDefaultRegistry();
    for (const kind of ["asr", "mt", "tts"] as const)
      for (const e of none.list(kind).filter((x) => !x.local)) expect((await e.available()).ok).toBe(false);
  });

  it("gives a local engine its configured binary", async () => {
    const r = createDefaultRegistry({ espeak: { binary: "/nonexistent/espeak-ng" } });
    expect((await r.get("tts", "espeak-ng")!.available()).ok).toBe(false);
    expect((await createDefaultRegistry().get("tts", "espeak-ng")!.available()).ok).toBe(true);
  });
});
