// Crafted "videos" for the upload path: files that make ffmpeg open other files (playlists, scripts,
// pictures, stream descriptions), containers whose header lies or is broken, and seeded mutations of
// real clips. Shared by the integration test (a deterministic subset) and bench/fuzz (a few hundred).
import { execFileSync } from "node:child_process";
import { closeSync, constants, openSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setMatroskaDuration } from "@dubbing/dubbing/testing/fixtures.ts";
import { type Format, makeVideo } from "./fixtures.ts";

export interface Crafted {
  name: string;
  file: string;
  /** "refused": must answer 4xx; "any": a 201 is fine too, as long as nothing breaks. */
  expect: "refused" | "any";
}

/** An HLS media playlist (179 bytes for a typical path) whose one segment, `seconds` long, is `target`. */
export function hlsPlaylist(target: string, seconds = 10): string {
  return `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:${seconds.toFixed(1)},\n${target}\n#EXT-X-ENDLIST\n`;
}

/**
 * The hand-crafted files, each naming `target` (a real video outside the upload) where it can: HLS
 * (absolute, relative to `uploadsDir` where the server keeps an upload, nested, encrypted, http), concat
 * scripts, pictures, an SDP description, text, and broken or lying containers.
 */
export function handCrafted(dir: string, target: string, uploadsDir: string): Crafted[] {
  const out: Crafted[] = [];
  const add = (name: string, content: string | Buffer, expect: Crafted["expect"] = "refused") => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    out.push({ name, file, expect });
  };
  const relative = path.relative(uploadsDir, target);
  add("holiday.mp4", hlsPlaylist(`file://${target}`));
  add("relative.mp4", hlsPlaylist(relative));
  add("bare-path.mp4", hlsPlaylist(target));
  add("http-segment.mp4", hlsPlaylist("http://127.0.0.1:9/segment.ts"));
  const inner = path.join(dir, "inner.m3u8");
  writeFileSync(inner, hlsPlaylist(`file://${target}`));
  add("nested.mp4", `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=100000,RESOLUTION=320x240\nfile://${inner}\n`);
  add(
    "keyed.mp4",
    `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-KEY:METHOD=AES-128,URI="file:///etc/passwd"\n#EXTINF:10.0,\nfile://${target}\n#EXT-X-ENDLIST\n`,
  );
  add("ffconcat.mp4", `ffconcat version 1.0\nfile '${target}'\n`);
  add("ffconcat-relative.mp4", `ffconcat version 1.0\nfile '${relative}'\nfile 'file:${target}'\n`);
  add(
    "stream.mp4",
    "v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=video 5004 RTP/AVP 96\na=rtpmap:96 H264/90000\n",
  );
  add("metadata.mp4", ";FFMETADATA1\ntitle=x\n");
  add("notes.mp4", "This is plain text, not a video.\n".repeat(100));
  add("random.mp4", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) & 0xff)));
  const jpeg = path.join(dir, "frame.jpg");
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=64x64",
    "-frames:v",
    "1",
    jpeg,
  ]);
  add("picture.mp4", readFileSync(jpeg));
  add("animation.mp4", gif(dir));

  // containers: broken boxes and elements, zero-length streams, lying headers
  const mp4 = readFileSync(makeVideo(dir, "mp4", { seconds: 2 }));
  add("truncated-box.mp4", mp4.subarray(0, 64));
  add("huge-box.mp4", withUint32(mp4, mp4.indexOf("moov") - 4, 0xffffffff), "any");
  add("zero-box.mp4", withUint32(mp4, mp4.indexOf("moov") - 4, 0), "any");
  add("huge-sample-count.mp4", withUint32(mp4, mp4.indexOf("stsz") + 12, 0x7fffffff), "any");
  const mkvFile = makeVideo(dir, "webm", { seconds: 2 });
  const mkv = readFileSync(mkvFile);
  add(
    "huge-element.webm",
    withBytes(
      mkv,
      mkv.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67])) + 4,
      [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    ),
    "any",
  );
  add("zero-length-video.mp4", zeroLengthVideo(dir), "refused");
  const speechless = makeVideo(dir, "mp4", { seconds: 3, audio: false });
  add("audio-only.mp4", audioOnly(dir), "refused");
  add("no-audio.mp4", readFileSync(speechless), "any");
  const mkvSeed = path.join(dir, "seed.mkv");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", mkvFile, "-c", "copy", mkvSeed]);
  add("says-1s.mkv", readFileSync(setMatroskaDuration(mkvSeed, path.join(dir, "l1.mkv"), 1)), "any");
  add("says-3h.mkv", readFileSync(setMatroskaDuration(mkvSeed, path.join(dir, "l2.mkv"), 10_800)), "any");
  return out;
}

/** A small animated GIF (ffmpeg's gif demuxer: not a container the service takes). */
function gif(dir: string): Buffer {
  const file = path.join(dir, "anim.gif");
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=32x32:duration=1:rate=5",
    file,
  ]);
  return readFileSync(file);
}

/** An MP4 whose video track has no samples. */
function zeroLengthVideo(dir: string): Buffer {
  const file = path.join(dir, "zero.mp4");
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=32x32",
    "-frames:v",
    "0",
    "-c:v",
    "libx264",
    file,
  ]);
  return readFileSync(file);
}

/** An M4A named .mp4: audio only. */
function audioOnly(dir: string): Buffer {
  const file = path.join(dir, "audio.m4a");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=duration=2", "-c:a", "aac", file]);
  return readFileSync(file);
}

function withUint32(bytes: Buffer, at: number, value: number): Buffer {
  const copy = Buffer.from(bytes);
  if (at >= 0 && at + 4 <= copy.length) copy.writeUInt32BE(value >>> 0, at);
  return copy;
}

function withBytes(bytes: Buffer, at: number, values: number[]): Buffer {
  const copy = Buffer.from(bytes);
  values.forEach((v, i) => {
    if (at + i >= 0 && at + i < copy.length) copy[at + i] = v;
  });
  return copy;
}

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same mutations. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MUTATIONS = ["flip", "huge", "truncate", "splice", "zero", "prefix"] as const;

/**
 * One seeded mutation of a real clip: bytes flipped, a run set to 0xFF (huge declared sizes), cut
 * short, a region copied over another, a run zeroed, or a playlist put in front of the data.
 */
export function mutate(seed: Buffer, rnd: () => number, target: string): { kind: string; bytes: Buffer } {
  const kind = MUTATIONS[Math.floor(rnd() * MUTATIONS.length)]!;
  const bytes = Buffer.from(seed);
  const at = () => Math.floor(rnd() * bytes.length);
  switch (kind) {
    case "flip":
      for (let i = 0; i < 1 + rnd() * 16; i++) bytes[at()] = Math.floor(rnd() * 256);
      return { kind, bytes };
    case "huge":
      return { kind, bytes: withBytes(bytes, at(), [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]) };
    case "truncate":
      return { kind, bytes: bytes.subarray(0, at()) };
    case "splice": {
      const from = at();
      bytes.copy(bytes, at(), from, from + Math.floor(rnd() * 4096));
      return { kind, bytes };
    }
    case "zero":
      return { kind, bytes: withBytes(bytes, at(), new Array(Math.floor(rnd() * 512)).fill(0)) };
    case "prefix":
      return { kind, bytes: Buffer.concat([Buffer.from(hlsPlaylist(`file://${target}`)), bytes]) };
  }
}

/** The real clips mutations start from: every container the service takes. */
export function seeds(dir: string): Buffer[] {
  const formats: Format[] = ["mp4", "webm", "mov", "avi", "wmv", "ogg"];
  return formats.map((f) => readFileSync(makeVideo(dir, f, { seconds: 2 })));
}

/**
 * A named pipe as the file crafted files point at, and a watch on it: whoever opens it for reading
 * waits for a writer, and the watch, trying to open it for writing every few milliseconds, is that
 * writer. `opens` counts the reads of a file outside the upload.
 */
export function canary(dir: string): { file: string; opens(): number; stop(): void } {
  const file = path.join(dir, "canary.mp4");
  execFileSync("mkfifo", [file]);
  let opens = 0;
  const timer = setInterval(() => {
    try {
      closeSync(openSync(file, constants.O_WRONLY | constants.O_NONBLOCK));
      opens++;
    } catch {} // ENXIO: nobody is reading
  }, 5);
  return { file, opens: () => opens, stop: () => clearInterval(timer) };
}
