// The archive's tar, written here rather than by GNU tar: tar fails a file whose ctime changed while it
// read it ("file changed as we read it"), and a stored file's ctime changes whenever a job hard-links it
// into its scratch folder or lets that link go (LocalStorage.localCopy), which under load happens during
// nearly every backup. Stored files are never written in place, so only their link count changed; this
// writer reads each file's bytes as they were when it was opened and checks it read exactly that many.
import { createReadStream } from "node:fs";
import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

const BLOCK = 512;
/** The largest size ustar's 11 octal digits hold; a larger file's size goes in a pax header. */
const USTAR_MAX_SIZE = 8 ** 11 - 1;

/** Streams `names` (files or folders, relative to `root`, folders whole) into `out` as a POSIX tar. */
export function writeTar(root: string, names: string[], out: NodeJS.WritableStream): Promise<void> {
  return pipeline(Readable.from(tarBlocks(root, names)), out, { end: false });
}

async function* tarBlocks(root: string, names: string[]): AsyncGenerator<Buffer> {
  for (const name of names) yield* entryBlocks(root, name);
  yield Buffer.alloc(2 * BLOCK); // the end-of-archive marker
}

async function* entryBlocks(root: string, name: string): AsyncGenerator<Buffer> {
  const full = path.join(root, name);
  const info = await stat(full);
  if (info.isDirectory()) {
    yield* headerBlocks({ name: `${name}/`, mode: info.mode, size: 0, mtime: info.mtime, type: "5" });
    for (const child of (await readdir(full)).sort()) yield* entryBlocks(root, path.posix.join(name, child));
    return;
  }
  if (!info.isFile()) return;
  const file = await open(full, "r");
  try {
    const { size, mode, mtime } = await file.stat();
    yield* headerBlocks({ name, mode, size, mtime, type: "0" });
    let written = 0;
    if (size > 0) {
      for await (const chunk of createReadStream("", {
        fd: file,
        autoClose: false,
        start: 0,
        end: size - 1,
      })) {
        written += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
    if (written !== size)
      throw new Error(`${name} shrank while it was archived (${written} of ${size} bytes)`);
    yield padding(size);
  } finally {
    await file.close();
  }
}

interface Header {
  name: string;
  mode: number;
  size: number;
  mtime: Date;
  type: "0" | "5" | "x";
}

/** A ustar header block, preceded by a pax header when the name or the size does not fit ustar's fields. */
function* headerBlocks(header: Header): Generator<Buffer> {
  const long = Buffer.byteLength(header.name) > 100;
  const huge = header.size > USTAR_MAX_SIZE;
  if (long || huge) {
    const records = [
      ...(long ? [paxRecord("path", header.name)] : []),
      ...(huge ? [paxRecord("size", String(header.size))] : []),
    ].join("");
    const body = Buffer.from(records);
    yield ustarBlock({ name: "PaxHeader", mode: 0o644, size: body.length, mtime: header.mtime, type: "x" });
    yield Buffer.concat([body, padding(body.length)]);
  }
  yield ustarBlock({ ...header, size: huge ? 0 : header.size });
}

/** The zeros that fill a file's last block. */
const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** `"<length> key=value\n"`, where the length counts the whole record, its own digits included. */
export function paxRecord(key: string, value: string): string {
  const rest = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(rest) + 1;
  while (String(length).length + Buffer.byteLength(rest) !== length) length += 1;
  return `${length}${rest}`;
}

function ustarBlock(header: Header): Buffer {
  const block = Buffer.alloc(BLOCK);
  const field = (value: string, offset: number, length: number) =>
    block.write(value.slice(0, length), offset, length, "utf8");
  const octal = (value: number, offset: number, length: number) =>
    field(`${value.toString(8).padStart(length - 1, "0")}\0`, offset, length);
  // a name cut at a byte limit may end mid-character: the pax path before it is what readers use
  block.write(header.name, 0, 100, "utf8");
  octal(header.mode & 0o7777, 100, 8);
  octal(0, 108, 8); // uid
  octal(0, 116, 8); // gid
  octal(header.size, 124, 12);
  octal(Math.floor(header.mtime.getTime() / 1000), 136, 12);
  field("        ", 148, 8); // the checksum counts its own field as spaces
  field(header.type, 156, 1);
  field("ustar\0", 257, 6);
  field("00", 263, 2);
  let sum = 0;
  for (const byte of block) sum += byte;
  field(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8);
  return block;
}
