import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { probe } from "../media/probe.ts";
import { tempDir } from "../testing/fixtures.ts";
import { renderVoiceSample, sampleVoiceName } from "./sample.ts";

describe("renderVoiceSample (real engines)", () => {
  const t = tempDir();
  afterAll(t.cleanup);

  it("speaks a catalogue voice's sample sentence as MP3", async () => {
    const out = join(t.dir, "ava-en.mp3");
    const r = await renderVoiceSample("en-US-AvaMultilingualNeural", "en", out);
    expect(r).toMatchObject({ engine: "pico", localVoice: "en-US" });
    expect(r.durationMs).toBeGreaterThan(1500);
    const p = await probe(out);
    expect(p.audio?.codec).toBe("mp3");
    expect(p.video).toBeNull();
  });

  it("speaks other languages with espeak-ng, and writes WAV when asked", async () => {
    const r = await renderVoiceSample("ja-JP-MasaruMultilingualNeural", "ja", join(t.dir, "masaru.wav"));
    expect(r.engine).toBe("espeak-ng");
    expect(r.localVoice).toMatch(/^ja\+m/);
    expect((await probe(r.file)).audio?.codec).toBe("pcm_s16le");
  });

  it("names the engine voice that speaks a sample now, safe for a path", async () => {
    expect(await sampleVoiceName("en-US-AvaMultilingualNeural", "en")).toBe("pico/en-US");
    // a male English voice: the Piper voice the setup installs
    expect(await sampleVoiceName("en-US-AndrewMultilingualNeural", "en")).toBe("piper/en_US-joe-medium");
    expect(await sampleVoiceName("ja-JP-MasaruMultilingualNeural", "ja")).toMatch(/^espeak-ng\/ja_m\d$/);
  });

  it("rejects an unknown language", async () => {
    await expect(
      renderVoiceSample("en-US-AvaMultilingualNeural", "xx", join(t.dir, "x.mp3")),
    ).rejects.toMatchObject({
      code: "unsupported_language",
    });
  });
});
