import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

function ffmpeg(args: string[]) {
  execFileSync("ffmpeg", ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", ...args]);
}

// Each container with the codecs it normally carries, so every accepted upload type is exercised.
const FORMATS = {
  mp4: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"],
  webm: ["-c:v", "libvpx", "-deadline", "realtime", "-b:v", "300k", "-c:a", "libvorbis"],
  mov: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"],
  avi: ["-c:v", "mpeg4", "-c:a", "libmp3lame"],
  wmv: ["-c:v", "wmv2", "-c:a", "wmav2"],
  ogg: ["-c:v", "libtheora", "-c:a", "libvorbis"],
} as const;
export type Format = keyof typeof FORMATS;
export const ALL_FORMATS = Object.keys(FORMATS) as Format[];

/**
 * Each video once per test run: the suites ask for the same few clips again and again, and each was an
 * ffmpeg encode (0.3 CPU-s; 2 s for a WebM). Kept in the run's temporary folder (`make test` gives each
 * run its own), named by everything that makes the file.
 */
const VIDEO_CACHE = path.join(os.tmpdir(), "dub-test-videos");

/** A test-pattern video with a tone, in the given container (a copy of the run's one: change it freely). */
export function makeVideo(
  dir: string,
  format: Format,
  opts: { seconds?: number; audio?: boolean; size?: string } = {},
) {
  const seconds = opts.seconds ?? 2;
  const audio = opts.audio ?? true;
  const size = opts.size ?? "320x240";
  const name = `clip-${seconds}s${audio ? "" : "-silent"}.${format}`;
  const codecs: string[] = [...FORMATS[format]];
  if (!audio) codecs.splice(codecs.indexOf("-c:a"), 2);
  const recipe = createHash("sha256").update(codecs.join(" ")).digest("hex").slice(0, 12);
  const cached = path.join(VIDEO_CACHE, `${size}-${recipe}-${name}`);
  if (!existsSync(cached)) {
    mkdirSync(VIDEO_CACHE, { recursive: true });
    // written aside and renamed: two test files asking at once each get a whole file
    const partial = `${cached}.${process.pid}.partial.${format}`;
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      `testsrc=size=${size}:rate=25:duration=${seconds}`,
      ...(audio ? ["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`] : []),
      ...codecs,
      "-shortest",
      partial,
    ]);
    renameSync(partial, cached);
  }
  const file = path.join(dir, name);
  copyFileSync(cached, file);
  return file;
}

/** An MP4 whose index (moov) is at the end, cut in half: the index is lost, so no player can read it. */
export function makeTruncatedMp4(dir: string) {
  const whole = makeVideo(dir, "mp4", { seconds: 3 });
  const bytes = readFileSync(whole);
  const file = path.join(dir, "truncated.mp4");
  writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
  return file;
}

/** The first 30 % of a faststart MP4: the index is whole and claims the full length, the data stops early. */
export function makeCutOffFaststartMp4(dir: string) {
  const whole = path.join(dir, "faststart.mp4");
  ffmpeg(
    ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=12", "-f", "lavfi", "-i"].concat([
      "sine=duration=12",
      ...FORMATS.mp4,
      "-movflags",
      "+faststart",
      "-shortest",
      whole,
    ]),
  );
  const bytes = readFileSync(whole);
  const file = path.join(dir, "cut-off.mp4");
  writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * 0.3)));
  return file;
}

/** A PNG picture named .mp4. */
export function makePictureNamedMp4(dir: string) {
  const file = path.join(dir, "picture.mp4");
  ffmpeg(["-f", "lavfi", "-i", "testsrc=size=64x64", "-frames:v", "1", "-f", "image2", "-c:v", "png", file]);
  return file;
}

export function makeTextFile(dir: string, name = "notes.mp4") {
  const file = path.join(dir, name);
  writeFileSync(file, "This is plain text, not a video.\n".repeat(100));
  return file;
}

export function makeEmptyFile(dir: string, name = "empty.mp4") {
  const file = path.join(dir, name);
  writeFileSync(file, "");
  return file;
}

/** A temporary folder for a test file: made before its tests, removed after them. */
/** ffprobe's JSON about a media file: its format and streams. */
export function ffprobe(file: string) {
  return JSON.parse(
    execFileSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file], {
      encoding: "utf8",
    }),
  ) as {
    format: { duration: string };
    streams: { codec_type: string; codec_name: string; duration?: string; tags?: Record<string, string> }[];
  };
}

export function tempFolder(prefix: string): { readonly path: string } {
  const folder = { path: "" };
  beforeAll(async () => {
    folder.path = await mkdtemp(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => rm(folder.path, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }));
  return folder;
}

const srtTime = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace(".", ",");

/**
 * A dialogue's own lines as an SRT file for the upload form (each cue named by its voice), so the project
 * is ready without recognising its speech: for suites whose subject is what happens to a project, not how
 * its transcript is heard (that is dubbing-flow's, multilingual's and the pipeline's).
 */
export function subtitlesOf(truth: { voice: string; text: string; start: number; end: number }[]): File {
  const cues = truth.map(
    (s, i) => `${i + 1}\n${srtTime(s.start)} --> ${srtTime(s.end)}\n${s.voice}: ${s.text}\n`,
  );
  return new File([cues.join("\n")], "dialogue.srt");
}
