// A mono 16-bit PCM WAV written a piece at a time, so that a long file is never held whole (encodeWav
// needs all its samples, and a Buffer as large again); the header's sizes are set when it closes.
import { open } from "node:fs/promises";
import { encodeWav } from "./wav.ts";

const HEADER = 44;

export interface WavWriter {
  /** Samples written so far. */
  readonly frames: number;
  append(samples: Float32Array): Promise<void>;
  close(): Promise<void>;
}

export async function openWavWriter(file: string, sampleRate: number): Promise<WavWriter> {
  const fh = await open(file, "w");
  let frames = 0;
  const writeAt = async (bytes: Buffer, position: number) => {
    for (let done = 0; done < bytes.length; ) {
      const { bytesWritten } = await fh.write(bytes, done, bytes.length - done, position + done);
      done += bytesWritten;
    }
  };
  try {
    await writeAt(encodeWav(new Float32Array(0), sampleRate), 0);
  } catch (err) {
    await fh.close();
    throw err;
  }
  return {
    get frames() {
      return frames;
    },
    async append(samples) {
      await writeAt(encodeWav(samples, sampleRate).subarray(HEADER), HEADER + frames * 2);
      frames += samples.length;
    },
    async close() {
      const header = encodeWav(new Float32Array(0), sampleRate);
      header.writeUInt32LE(36 + frames * 2, 4);
      header.writeUInt32LE(frames * 2, 40);
      try {
        await writeAt(header, 0);
      } finally {
        await fh.close();
      }
    },
  };
}
