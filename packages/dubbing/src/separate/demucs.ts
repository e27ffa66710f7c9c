// Demucs (github.com/facebookresearch/demucs), when the operator has installed it (`pip install demucs`;
// DEMUCS_BIN or `demucs` on the PATH), like whisper.cpp: `demucs --two-stems vocals -n MODEL -o OUT
// -d cpu input.wav` writes its documented layout OUT/MODEL/input/vocals.wav and no_vocals.wav (WAV at
// the input's rate and channels). The model is downloaded by demucs itself on its first run, into the
// operator's torch cache; the project ships none.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Availability, SeparationEngine, SeparationInput, SeparationResult } from "../engines/types.ts";
import { runFfmpeg } from "../media/run.ts";
import { runProcess } from "../util/proc.ts";
import { decodeStemFiles, rawToWavArgs } from "./stems.ts";

const DEMUCS_DEFAULT_MODEL = "htdemucs";

/** Pure: the demucs command line for one file (two stems, on the CPU, WAV output). */
function demucsArgs(input: string, outDir: string, model: string, jobs: number): string[] {
  return ["--two-stems", "vocals", "-n", model, "-o", outDir, "-d", "cpu", "-j", String(jobs), input];
}

/** Pure: where demucs writes a track's two stems (OUT/MODEL/<input name without extension>/…). */
export function demucsOutputs(input: string, outDir: string, model: string) {
  const name = (input.split("/").pop() ?? input).replace(/\.[^.]+$/, "");
  const dir = join(outDir, model, name);
  return { vocals: join(dir, "vocals.wav"), background: join(dir, "no_vocals.wav") };
}

/** Pure: demucs' progress from a line of its tqdm bar ("  45%|████…"), 0..1, or null. */
export function demucsProgress(line: string): number | null {
  const m = /(\d{1,3}(?:\.\d+)?)%\|/.exec(line);
  return m ? Math.min(1, Number(m[1]) / 100) : null;
}

export function createDemucsEngine(opts: { binary?: string; model?: string } = {}): SeparationEngine {
  const binary = opts.binary || "demucs";
  const model = opts.model || DEMUCS_DEFAULT_MODEL;
  return {
    id: "demucs",
    kind: "separation",
    label: `Demucs (${model})`,
    local: true,
    async available(): Promise<Availability> {
      try {
        await runProcess("sh", ["-c", 'command -v "$1"', "sh", binary]);
        return { ok: true };
      } catch {
        return {
          ok: false,
          reason: `${binary} (demucs) is not installed (pip install demucs, or set DEMUCS_BIN)`,
        };
      }
    },
    async separate(input: SeparationInput): Promise<SeparationResult> {
      const { workDir, signal } = input;
      const wav = join(workDir, "demucs-input.wav");
      const out = join(workDir, "demucs");
      await mkdir(out, { recursive: true });
      await runFfmpeg(rawToWavArgs(input.pcmFile, input.sampleRate, input.channels, wav), { signal });
      await runProcess(binary, demucsArgs(wav, out, model, 2), {
        signal,
        onStderrLine: (line) => {
          const f = demucsProgress(line);
          if (f !== null) input.onProgress?.(f * 0.95);
        },
      });
      const stems = await decodeStemFiles(demucsOutputs(wav, out, model), input);
      input.onProgress?.(1);
      return { ...stems, params: { model, twoStems: "vocals" } };
    },
  };
}
