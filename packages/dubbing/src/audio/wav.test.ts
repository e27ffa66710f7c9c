import { describe, expect, it } from "vitest";
import { encodeWav, parseWav, toMono, WavError } from "./wav.ts";

describe("wav", () => {
  it("round-trips mono 16-bit", () => {
    const x = Float32Array.from([0, 0.5, -0.5, 1, -1, 0.25]);
    const p = parseWav(encodeWav(x, 22050));
    expect(p.sampleRate).toBe(22050);
    expect(p.channels).toBe(1);
    for (let i = 0; i < x.length; i++) expect(p.data[i]).toBeCloseTo(x[i]!, 4);
  });
  it("reads a streaming header whose sizes are bogus (espeak-ng --stdout)", () => {
    const b = encodeWav(Float32Array.from([0.1, 0.2, 0.3]), 16000);
    b.writeUInt32LE(0x7ffff000, 4);
    b.writeUInt32LE(0x7ffff000, 40);
    expect(parseWav(b).data.length).toBe(3);
  });
  it("skips unknown chunks and reads float and stereo data", () => {
    const fmt = Buffer.alloc(24);
    fmt.write("fmt ", 0, "ascii");
    fmt.writeUInt32LE(16, 4);
    fmt.writeUInt16LE(3, 8); // IEEE float
    fmt.writeUInt16LE(2, 10);
    fmt.writeUInt32LE(48000, 12);
    fmt.writeUInt32LE(48000 * 8, 16);
    fmt.writeUInt16LE(8, 20);
    fmt.writeUInt16LE(32, 22);
    const list = Buffer.concat([
      Buffer.from("LIST"),
      Buffer.from([3, 0, 0, 0]),
      Buffer.from("abc"),
      Buffer.from([0]),
    ]);
    const data = Buffer.alloc(8 + 16);
    data.write("data", 0, "ascii");
    data.writeUInt32LE(16, 4);
    for (const [i, v] of [0.5, -0.5, 0.25, 0.75].entries()) data.writeFloatLE(v, 8 + i * 4);
    const body = Buffer.concat([Buffer.from("WAVE"), fmt, list, data]);
    const head = Buffer.alloc(8);
    head.write("RIFF", 0, "ascii");
    head.writeUInt32LE(body.length, 4);
    const p = parseWav(Buffer.concat([head, body]));
    expect(p.channels).toBe(2);
    expect(Array.from(toMono(p))).toEqual([0, 0.5]);
  });
  it("rejects what is not WAV", () => {
    expect(() => parseWav(Buffer.from("not a wave file at all"))).toThrow(WavError);
  });
});
