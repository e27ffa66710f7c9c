// The one place that starts ffmpeg and ffprobe. Each start puts the protocol allow-list before every `-i`
// (`fileInputsOnly`), whatever built the arguments, so no run follows a URL a file names;
// `spawn.test.ts` fails on any other start of either program in the source tree.
import {
  type ChildProcess,
  type ExecFileException,
  type ExecFileOptions,
  execFile,
  type SpawnOptions,
  spawn,
} from "node:child_process";
import { fileInputsOnly } from "./input.ts";

/** Binaries, overridable for machines where they are not on PATH. */
const FFMPEG = process.env.FFMPEG_PATH || "ffmpeg";
const FFPROBE = process.env.FFPROBE_PATH || "ffprobe";

/** Starts ffmpeg, every input a local file or a pipe. */
export function spawnFfmpeg(args: string[], options: SpawnOptions): ChildProcess {
  return spawn(FFMPEG, fileInputsOnly(args), options);
}

/** Starts ffprobe, every input a local file or a pipe. */
export function spawnFfprobe(args: string[], options: SpawnOptions): ChildProcess {
  return spawn(FFPROBE, fileInputsOnly(args), options);
}

/** Runs ffprobe to its end, every input a local file or a pipe; the callback has its output. */
export function execFfprobe(
  args: string[],
  options: Omit<ExecFileOptions, "encoding">,
  callback: (error: ExecFileException | null, stdout: string, stderr: string) => void,
): ChildProcess {
  return execFile(FFPROBE, fileInputsOnly(args), { ...options, encoding: "utf8" }, callback);
}
