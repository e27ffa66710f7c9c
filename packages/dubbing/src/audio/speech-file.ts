import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { type Region, regionsFromLevels } from "./features.ts";

const FRAME_MS = 10;

/** A file's bytes from `start` in 64 KiB pieces of whole 16-bit samples (an odd byte waits for the next piece). */
async function* int16Chunks(file: string, start: number): AsyncGenerator<Buffer> {
  let carry: Buffer | null = null;
  for await (const chunk of createReadStream(file, { start, highWaterMark: 1 << 16 })) {
    const buf: Buffer = carry ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    const whole = buf.length - (buf.length % 2);
    carry = whole < buf.length ? buf.subarray(whole) : null;
    yield buf.subarray(0, whole);
  }
}

/**
 * Where a 16-bit PCM WAV (e.g. ingest's mono audio) has speech, by the energy VAD, read as a stream: only the
 * 10 ms frame levels are kept (100 numbers a second), never the samples.
 */
export async function speechInWav(file: string): Promise<Region[]> {
  const { dataOffset, sampleRate, channels } = await wavLayout(file);
  const frameSamples = Math.round((sampleRate * FRAME_MS) / 1000) * channels;
  const levels: number[] = [];
  let sum = 0;
  let count = 0;
  for await (const buf of int16Chunks(file, dataOffset)) {
    for (let i = 0; i < buf.length; i += 2) {
      const x = buf.readInt16LE(i) / 32768;
      sum += x * x;
      if (++count === frameSamples) {
        levels.push(10 * Math.log10(sum / count + 1e-12));
        sum = 0;
        count = 0;
      }
    }
  }
  return regionsFromLevels(Float32Array.from(levels), { frameMs: FRAME_MS });
}

/**
 * A 16-bit PCM WAV's samples, averaged to mono, read 64 KiB at a time into the one array it answers: only
 * the floats are ever held (parseWav of a whole file's Buffer holds the file's bytes beside them, half as
 * much again).
 */
export async function readWavMono(file: string): Promise<{ sampleRate: number; samples: Float32Array }> {
  const { dataOffset, sampleRate, channels } = await wavLayout(file);
  const frames = Math.floor(((await stat(file)).size - dataOffset) / (2 * channels));
  const samples = new Float32Array(frames);
  let sample = 0;
  let sum = 0;
  let channel = 0;
  for await (const buf of int16Chunks(file, dataOffset)) {
    for (let i = 0; i < buf.length && sample < frames; i += 2) {
      sum += buf.readInt16LE(i) / 32768;
      if (++channel === channels) {
        samples[sample++] = channels === 1 ? sum : sum / channels;
        sum = 0;
        channel = 0;
      }
    }
  }
  return { sampleRate, samples: sample === frames ? samples : samples.subarray(0, sample) };
}

/** The samples of a recognition input: those the caller holds, else its WAV file's, read. */
export async function asrSamples(input: { samples?: Float32Array; wavFile: string }): Promise<Float32Array> {
  return input.samples ?? (await readWavMono(input.wavFile)).samples;
}

/** The sample rate, channel count and where the samples start, from the RIFF chunks. */
export async function wavLayout(file: string) {
  const handle = await open(file);
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (head.toString("ascii", 0, 4) !== "RIFF" || head.toString("ascii", 8, 12) !== "WAVE") {
      throw new Error("not a WAV file");
    }
    let sampleRate = 16_000;
    let channels = 1;
    for (let at = 12; at + 8 <= bytesRead; ) {
      const id = head.toString("ascii", at, at + 4);
      const size = head.readUInt32LE(at + 4);
      if (id === "fmt ") {
        channels = head.readUInt16LE(at + 10);
        sampleRate = head.readUInt32LE(at + 12);
      }
      if (id === "data") return { dataOffset: at + 8, sampleRate, channels };
      at += 8 + size + (size % 2);
    }
    throw new Error("no data chunk in the WAV header");
  } finally {
    await handle.close();
  }
}
