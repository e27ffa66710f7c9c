// Reads members out of a wheel (a zip file) without loading it: the central directory from the end of
// the file, then the one member streamed through inflate.
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import { createInflateRaw } from "node:zlib";

interface Member {
  method: number;
  compressedSize: number;
  localHeader: number;
}

/** Pure: the members listed in a zip's central directory (`buf` holds its end, from `base`). */
export function centralDirectory(buf: Buffer, base: number): Map<string, Member> {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error("not a zip file (no end of central directory)");
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16) - base;
  if (p < 0) throw new Error("zip central directory out of reach");
  const members = new Map<string, Member>();
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error("corrupt zip central directory");
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    members.set(buf.toString("utf8", p + 46, p + 46 + nameLen), {
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      localHeader: buf.readUInt32LE(p + 42),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return members;
}

/** A stream of one member's bytes (stored or deflated). */
export async function openMember(zipFile: string, name: string): Promise<Readable> {
  const fh = await open(zipFile, "r");
  try {
    const { size } = await fh.stat();
    // the central directory of a wheel is small: the last 1 MiB holds it
    const tail = Math.min(size, 1 << 20);
    const buf = Buffer.alloc(tail);
    await fh.read(buf, 0, tail, size - tail);
    const member = centralDirectory(buf, size - tail).get(name);
    if (!member) throw new Error(`${name} is not in ${zipFile}`);
    const local = Buffer.alloc(30);
    await fh.read(local, 0, 30, member.localHeader);
    if (local.readUInt32LE(0) !== 0x04034b50) throw new Error("corrupt zip local header");
    const start = member.localHeader + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    const raw = createReadStream(zipFile, { start, end: start + member.compressedSize - 1 });
    if (member.method === 0) return raw;
    if (member.method !== 8) throw new Error(`zip compression method ${member.method} not supported`);
    const inflate = createInflateRaw();
    raw.on("error", (err) => inflate.destroy(err));
    return raw.pipe(inflate);
  } finally {
    await fh.close();
  }
}
