import { randomUUID } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseWav, toMono } from "../audio/wav.ts";
import type { Availability, Clip, LocalVoice, SynthesisRequest, TtsEngine } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import { canRun, runProcess } from "../util/proc.ts";

/** The flite binary when no other is configured. */
export const FLITE = "flite";

/** The voices built into Debian's flite, English only. */
export const FLITE_VOICES: readonly LocalVoice[] = [
  { engine: "flite", id: "slt", language: "en", gender: "Female", label: "Flite slt (US female)" },
  { engine: "flite", id: "rms", language: "en", gender: "Male", label: "Flite rms (US male)" },
  { engine: "flite", id: "awb", language: "en", gender: "Male", label: "Flite awb (Scottish male)" },
  { engine: "flite", id: "kal", language: "en", gender: "Male", label: "Flite kal (US male, diphone)" },
];

/**
 * Pure: flite command line; the rate becomes duration_stretch = 1/rate. flite seeks in its output, so
 * it writes a file (node's stdio pipes are sockets that /dev/stdout cannot reopen).
 */
export function fliteArgs(voice: string, text: string, rate: number, out: string): string[] {
  const stretch = Math.max(0.3, Math.min(3, 1 / rate));
  return ["-voice", voice, "--setf", `duration_stretch=${stretch.toFixed(3)}`, "-t", text, "-o", out];
}

/** flite: English, 3 male and 1 female voice, rate control at synthesis (duration_stretch). */
export function createFliteEngine(opts: { binary?: string } = {}): TtsEngine {
  const flite = opts.binary || FLITE;
  let avail: Promise<Availability> | undefined;
  return {
    id: "flite",
    kind: "tts",
    label: "Flite",
    local: true,
    languages: ["en"],
    capabilities: { rateControl: true, minRate: 0.5, maxRate: 2 },
    available() {
      avail ??= canRun(flite, ["-lv"]).then((ok) =>
        ok ? { ok } : { ok, reason: "flite is not installed (Debian package flite)" },
      );
      return avail;
    },
    voices(language) {
      return language === "en" ? [...FLITE_VOICES] : [];
    },
    async synthesize(req: SynthesisRequest): Promise<Clip> {
      const text = req.text.replace(/\s+/g, " ").trim();
      if (!text) throw new DubError("invalid_segment", "nothing to say: the text is empty");
      if (!FLITE_VOICES.some((v) => v.id === req.voice))
        throw new DubError("no_engine", `flite has no voice "${req.voice}"`);
      const out = join(tmpdir(), `dub-flite-${randomUUID()}.wav`);
      try {
        await runProcess(flite, fliteArgs(req.voice, text, req.rate ?? 1, out), { signal: req.signal });
        const pcm = parseWav(await readFile(out));
        return { samples: toMono(pcm), sampleRate: pcm.sampleRate };
      } finally {
        await rm(out, { force: true });
      }
    },
  };
}
