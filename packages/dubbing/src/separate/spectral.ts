// The offline separation engine ("spectral"): two passes of a 2048-point STFT over the original's audio.
// Pass 1 keeps the mean power spectrum of every block of 24 frames (~280 ms). Pass 2 applies, in every
// frame, the Wiener-style gain against the background spectrum learned from the speech-free blocks
// nearest in time (the speech is where the caller says: the pipeline's voice activity or a transcript).
// The voice stem is the original's mid minus the background's, so the two stems sum to the input.
// docs/decisions/transcripts-and-recognition.md has the candidates measured and why this one.
import { join } from "node:path";
import type { SeparationEngine, SeparationInput, SeparationResult } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import { backgroundGain, freeBlocks, type GainOptions, nearestFree, type Span } from "./mask.ts";
import { applyGain, binPower, stftPass } from "./stft.ts";

interface SpectralSettings {
  /** FFT size and hop at 44.1 kHz (scaled to other rates). */
  n: number;
  hop: number;
  /** Frames per block of the background model (and of the speech-free test). */
  blockFrames: number;
  /** Blocks each side whose speech-free ones the background is learned from… */
  radiusBlocks: number;
  /** …and at least this many (searched further away when needed). */
  minBlocks: number;
  /** Frames each side of a speech region that do not count as speech-free (onsets, tails). */
  padFrames: number;
  gain: GainOptions;
  /** Too little to learn from: less speech-free audio than this share of the whole, or than minFreeMs. */
  minFreeShare: number;
  minFreeMs: number;
}

/** Chosen with `node bench/pipeline/separation.ts` (docs/decisions/transcripts-and-recognition.md). */
const SPECTRAL_SETTINGS: SpectralSettings = {
  n: 2048,
  hop: 512,
  blockFrames: 24,
  radiusBlocks: 18,
  minBlocks: 6,
  padFrames: 9,
  gain: { over: 3, exponent: 1, floorDb: -30 },
  minFreeShare: 0.05,
  minFreeMs: 3000,
};

export function createSpectralSeparator(settings: Partial<SpectralSettings> = {}): SeparationEngine {
  const s = { ...SPECTRAL_SETTINGS, ...settings };
  return {
    id: "spectral",
    kind: "separation",
    label: "Spectral (offline)",
    local: true,
    available: async () => ({ ok: true }),
    separate: (input) => separateSpectral(input, s),
  };
}

/** Pure: speech regions (ms) as STFT frame spans, widened by `pad` frames (frame k is centred on k·hop − (n − hop) + n/2). */
export function regionsToSpans(
  regions: { start: number; end: number }[],
  o: { n: number; hop: number; pad: number; sampleRate: number; frames: number },
): Span[] {
  const frameOf = (ms: number) => ((ms * o.sampleRate) / 1000 + (o.n - o.hop) - o.n / 2) / o.hop;
  return regions.map((r) => ({
    start: Math.max(0, Math.floor(frameOf(r.start)) - o.pad),
    end: Math.min(o.frames, Math.ceil(frameOf(r.end)) + o.pad),
  }));
}

async function separateSpectral(input: SeparationInput, s: SpectralSettings): Promise<SeparationResult> {
  const { pcmFile, channels, sampleRate, signal } = input;
  const n = 2 ** Math.round(Math.log2((s.n * sampleRate) / 44_100));
  const hop = n / (s.n / s.hop);
  const bins = n / 2 + 1;
  const power = new Float64Array(bins);
  const progress = (f: number) => input.onProgress?.(f);

  // pass 1: the mean power spectrum of every block
  const blockSums: Float32Array[] = [];
  const frames = await stftPass(pcmFile, channels, { n, hop, signal }, (k, re, im) => {
    binPower(re, im, channels, power);
    const blk = Math.floor(k / s.blockFrames);
    if (!blockSums[blk]) blockSums[blk] = new Float32Array(bins);
    const sum = blockSums[blk];
    for (let b = 0; b < bins; b++) sum[b] = (sum[b] as number) + (power[b] as number);
  });
  progress(0.35);
  const spans = regionsToSpans(input.speech ?? [], { n, hop, pad: s.padFrames, sampleRate, frames });
  const free = freeBlocks(spans, frames, s.blockFrames);
  const freeCount = free.reduce((a, v) => a + v, 0);
  const freeMs = Math.round((freeCount * s.blockFrames * hop * 1000) / sampleRate);
  const totalMs = Math.round((frames * hop * 1000) / sampleRate);
  if (freeMs < s.minFreeMs || freeCount < s.minFreeShare * free.length)
    throw new DubError(
      "too_little_background",
      `too little speech-free audio to learn the background from (${(freeMs / 1000).toFixed(1)} s of ${(totalMs / 1000).toFixed(1)} s)`,
    );

  // pass 2: every frame against the background learned from the nearest speech-free blocks
  const model = new Map<number, Float64Array>();
  const backgroundOf = (blk: number) => {
    let m = model.get(blk);
    if (m) return m;
    m = new Float64Array(bins);
    const from = nearestFree(free, blk, s.radiusBlocks, s.minBlocks);
    for (const i of from) {
      const sum = blockSums[i] as Float32Array;
      for (let b = 0; b < bins; b++) m[b] = (m[b] as number) + (sum[b] as number);
    }
    const d = from.length * s.blockFrames;
    for (let b = 0; b < bins; b++) m[b] = (m[b] as number) / d;
    model.delete(blk - 1); // blocks come in order
    model.set(blk, m);
    return m;
  };
  const gain = new Float64Array(bins);
  const background = join(input.workDir, "background.f32");
  const voice = join(input.workDir, "voice.f32");
  await stftPass(
    pcmFile,
    channels,
    { n, hop, signal, residual: voice, outputs: [{ file: background, channels }] },
    (k, re, im, [bg]) => {
      binPower(re, im, channels, power);
      backgroundGain(power, backgroundOf(Math.floor(k / s.blockFrames)), s.gain, gain);
      const out = bg as { re: Float64Array; im: Float64Array };
      out.re.set(re);
      out.im.set(im);
      applyGain(out.re, out.im, gain);
      if (k % 1024 === 0) progress(0.35 + (0.65 * k) / frames);
    },
  );
  progress(1);
  return {
    background,
    voice,
    params: {
      ...{ n, hop, blockFrames: s.blockFrames, radiusBlocks: s.radiusBlocks, gain: s.gain },
      speechFreeMs: freeMs,
    },
  };
}
