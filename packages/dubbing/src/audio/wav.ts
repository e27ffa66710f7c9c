// Pure WAV (RIFF) reading and writing. Reads PCM 8/16/24/32-bit and IEEE float; streaming headers with
// bogus sizes (espeak-ng --stdout, ffmpeg to a pipe) are read up to the end of the buffer.

interface Pcm {
  sampleRate: number;
  channels: number;
  /** Interleaved samples in [-1, 1]. */
  data: Float32Array;
}

export class WavError extends Error {
  code = "bad_wav" as const;
}

export function parseWav(buf: Buffer): Pcm {
  if (buf.length < 12 || buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE")
    throw new WavError("not a RIFF/WAVE file");
  let off = 12;
  let format = 0;
  let channels = 0;
  let sampleRate = 0;
  let bits = 0;
  while (off + 8 <= buf.length) {
    const id = buf.toString("ascii", off, off + 4);
    const size = buf.readUInt32LE(off + 4);
    const body = off + 8;
    if (id === "fmt ") {
      format = buf.readUInt16LE(body);
      channels = buf.readUInt16LE(body + 2);
      sampleRate = buf.readUInt32LE(body + 4);
      bits = buf.readUInt16LE(body + 14);
      if (format === 0xfffe && size >= 26) format = buf.readUInt16LE(body + 24); // WAVE_FORMAT_EXTENSIBLE
    } else if (id === "data") {
      if (!channels || !sampleRate) throw new WavError("data chunk before fmt chunk");
      const end = Math.min(buf.length, body + size);
      return { sampleRate, channels, data: decode(buf.subarray(body, end), format, bits) };
    }
    off = body + size + (size % 2);
  }
  throw new WavError("no data chunk");
}

/** Typed arrays use the machine's byte order; WAV is little-endian. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Pure: raw 16-bit little-endian PCM as floats in [-1, 1) (a trailing odd byte is dropped). The common
 * case (every TTS engine and the clip cache) reads through a typed view when aligned.
 */
export function pcm16ToFloat(b: Buffer): Float32Array {
  const n = Math.floor(b.length / 2);
  const out = new Float32Array(n);
  const v = LITTLE_ENDIAN && b.byteOffset % 2 === 0 ? new Int16Array(b.buffer, b.byteOffset, n) : null;
  if (v) for (let i = 0; i < n; i++) out[i] = (v[i] as number) / 32768;
  else for (let i = 0; i < n; i++) out[i] = b.readInt16LE(i * 2) / 32768;
  return out;
}

function decode(b: Buffer, format: number, bits: number): Float32Array {
  if (format === 1 && bits === 16) return pcm16ToFloat(b);
  const bytes = bits / 8;
  const n = Math.floor(b.length / bytes);
  const out = new Float32Array(n);
  if (format === 3 && bits === 32) {
    for (let i = 0; i < n; i++) out[i] = b.readFloatLE(i * 4);
  } else if (format === 3 && bits === 64) {
    for (let i = 0; i < n; i++) out[i] = b.readDoubleLE(i * 8);
  } else if (format === 1 && bits === 8) {
    for (let i = 0; i < n; i++) out[i] = ((b[i] as number) - 128) / 128;
  } else if (format === 1 && bits === 24) {
    for (let i = 0; i < n; i++) out[i] = b.readIntLE(i * 3, 3) / 8388608;
  } else if (format === 1 && bits === 32) {
    for (let i = 0; i < n; i++) out[i] = b.readInt32LE(i * 4) / 2147483648;
  } else throw new WavError(`unsupported WAV encoding (format ${format}, ${bits} bits)`);
  return out;
}

/** Mono 16-bit PCM WAV. Samples are clipped to [-1, 1]. */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  const buf = Buffer.alloc(44 + samples.length * 2);
  buf.write("RIFF", 0, "ascii");
  buf.writeUInt32LE(36 + samples.length * 2, 4);
  buf.write("WAVE", 8, "ascii");
  buf.write("fmt ", 12, "ascii");
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write("data", 36, "ascii");
  buf.writeUInt32LE(samples.length * 2, 40);
  const int16 = (x: number) => {
    const s = Math.max(-1, Math.min(1, x));
    return Math.round(s < 0 ? s * 32768 : s * 32767);
  };
  if (LITTLE_ENDIAN && buf.byteOffset % 2 === 0) {
    const out = new Int16Array(buf.buffer, buf.byteOffset + 44, samples.length);
    for (let i = 0; i < samples.length; i++) out[i] = int16(samples[i] as number);
  } else for (let i = 0; i < samples.length; i++) buf.writeInt16LE(int16(samples[i] as number), 44 + i * 2);
  return buf;
}

/** Averages interleaved channels into one. */
export function toMono(pcm: Pcm): Float32Array {
  if (pcm.channels === 1) return pcm.data;
  const n = Math.floor(pcm.data.length / pcm.channels);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let c = 0; c < pcm.channels; c++) s += pcm.data[i * pcm.channels + c] as number;
    out[i] = s / pcm.channels;
  }
  return out;
}
