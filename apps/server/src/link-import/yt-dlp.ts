import { spawn } from "node:child_process";
import { open, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { PrivateAllowance } from "../net/address-guard.ts";
import { LinkError, tooLarge } from "./errors.ts";
import { startGuardedProxy } from "./guarded-proxy.ts";

/** The yt-dlp the setup installs from PyPI (scripts/python.sh ytdlp), wherever the server is started from. */
export const DEFAULT_YT_DLP = path.resolve(import.meta.dirname, "../../../../.tools/python/ytdlp/bin/yt-dlp");
/** Our launcher: yt-dlp runs under its audit hook, which lets it connect to the guarded proxy only. */
const CONFINE = path.join(import.meta.dirname, "confine.py");
/** What confine.py writes before each refusal. */
const REFUSED = "yt-dlp confinement refused: ";

interface YtDlpLimits {
  allow: PrivateAllowance;
  maxBytes: number;
  /** The whole run: yt-dlp is killed when it ends. */
  signal: AbortSignal;
  /** The yt-dlp program, a Python script or zipapp (tests point it at a missing one). */
  bin?: string;
}

/**
 * Pure: the URL yt-dlp is given, or why none. Only http(s); the fragment is dropped (a browser never sends
 * it, and yt-dlp reads its own private data from it); a URL carrying that private data, in any part and
 * however encoded, is refused outright rather than cleaned.
 */
export function linkForYtDlp(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new LinkError("the link is not a valid address");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new LinkError("only http:// and https:// addresses are allowed");
  if (/__youtubedl_smuggle/i.test(decodedFully(link)))
    throw new LinkError("the link carries yt-dlp's internal __youtubedl_smuggle data, which is not accepted");
  url.hash = "";
  return url.href;
}

/** Pure: text percent-decoded until it no longer changes (a word hidden under several encodings). */
function decodedFully(text: string): string {
  for (let i = 0; i < 5; i++) {
    const next = text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === text) break;
    text = next;
  }
  return text;
}

/**
 * Pure: the Python interpreter a yt-dlp program runs with, from its first lines: `#!/path/python`,
 * `#!/usr/bin/env python3`, or pip's form for long paths (`#!/bin/sh`, then `'''exec' /path/python`).
 */
export function interpreterOf(head: string): string | null {
  const [first = "", second = ""] = head.split("\n");
  const viaSh = /^'''exec' (\S+)/.exec(second);
  if (/^#!\s*\/bin\/sh\b/.test(first)) return viaSh?.[1] ?? null;
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(first);
  if (!shebang) return null;
  if (path.basename(shebang[1]!) === "env") return shebang[2] ?? null;
  return /python/.test(path.basename(shebang[1]!)) ? shebang[1]! : null;
}

/**
 * Pure: yt-dlp's arguments. Nothing from the user reaches it but the URL, and that after `--` (so it can
 * never be read as an option such as `--exec`); `--ignore-config` keeps config files out but the one it
 * reads on its stdin (`ytDlpConfig`: the guarded proxy, whose URL holds the import's secret and so stays
 * off the command line every user of the host can read); one video, no playlist; its own size cap; every
 * connection through the guarded proxy; its own downloaders only
 * (confine.py refuses any program it would start, ffmpeg included), so one format that needs no merge;
 * a segment that fails fails the download (rather than a file with a hole where a refusal was).
 */
export function ytDlpArgs(url: string, outDir: string, maxBytes: number): string[] {
  return [
    "--ignore-config",
    "--config-locations",
    "-",
    "--no-playlist",
    "--playlist-items",
    "1",
    "--max-downloads",
    "1",
    "--max-filesize",
    String(maxBytes),
    "--socket-timeout",
    "30",
    "--retries",
    "1",
    "--fragment-retries",
    "1",
    "--no-cache-dir",
    "--no-mtime",
    "--no-progress",
    "--no-warnings",
    "--restrict-filenames",
    "--downloader",
    "native",
    "--hls-prefer-native",
    "--abort-on-unavailable-fragments",
    "--fixup",
    "never",
    "--format",
    "b",
    "--output",
    path.join(outDir, "download.%(ext)s"),
    "--",
    url,
  ];
}

/** Pure: what yt-dlp reads on its stdin (`--config-locations -`): the guarded proxy, with its secret. */
export function ytDlpConfig(proxyUrl: string): string {
  return `--proxy ${proxyUrl}\n`;
}

/**
 * Downloads the video a page shows with yt-dlp (YouTube and the other sites it knows; any page with an
 * HTML5 `<video>` through its generic extractor) into `outDir`. Answers the file; a LinkError says why not.
 */
export async function downloadWithYtDlp(
  url: string,
  outDir: string,
  limits: YtDlpLimits,
): Promise<{ path: string; size: number }> {
  const link = linkForYtDlp(url);
  const { program, python } = await locate(limits.bin ?? DEFAULT_YT_DLP);
  const proxy = await startGuardedProxy(limits.allow);
  try {
    const args = ytDlpArgs(link, outDir, limits.maxBytes);
    const confined = ["-I", CONFINE, proxy.address, program, ...args];
    const { output, refusal, code } = await run(python, confined, {
      config: ytDlpConfig(proxy.url),
      outDir,
      limits,
    });
    // a refusal fails the download, even when yt-dlp made a file without what was refused
    if (proxy.state.refused) throw new LinkError(proxy.state.refused);
    if (refusal) throw new LinkError(`the link led yt-dlp to ${refusal}, which is not allowed`);
    // yt-dlp that gave up half way may leave a segment (download.mp4.part-Frag1): never taken as the video
    if (!ytDlpSucceeded(code)) throw new LinkError(explain(output, limits.maxBytes));
    const files = (await readdir(outDir)).filter(isFinishedDownload);
    if (files.length === 0) throw new LinkError(explain(output, limits.maxBytes));
    const file = path.join(outDir, files[0]!);
    const size = (await stat(file)).size;
    if (size > limits.maxBytes) throw tooLarge(limits.maxBytes);
    return { path: file, size };
  } catch (error) {
    await removeDownloads(outDir);
    throw error;
  } finally {
    await proxy.close();
  }
}

/** Pure: whether yt-dlp's exit code is a finished download (101: it stopped at `--max-downloads 1`). */
export function ytDlpSucceeded(code: number | null): boolean {
  return code === 0 || code === 101;
}

/** Pure: whether a name in the folder is yt-dlp's finished file (`download.mp4`), not a part of one. */
export function isFinishedDownload(name: string): boolean {
  return /^download\.[A-Za-z0-9]{1,8}$/.test(name) && !/\.(part|ytdl|temp)$/.test(name);
}

/** Removes what a failed yt-dlp run left in the folder: its parts, fragments and any file it made. */
async function removeDownloads(outDir: string): Promise<void> {
  const names = await readdir(outDir).catch(() => [] as string[]);
  await Promise.all(
    names.filter((n) => n.startsWith("download.")).map((n) => rm(path.join(outDir, n), { force: true })),
  );
}

/**
 * A yt-dlp program (a path, or a name on the PATH) and the interpreter it runs with; a LinkError when
 * there is none.
 */
async function locate(bin: string): Promise<{ program: string; python: string }> {
  const candidates = bin.includes("/")
    ? [bin]
    : (process.env.PATH ?? "").split(path.delimiter).map((d) => path.join(d, bin));
  for (const program of candidates) {
    const python = await firstBytes(program).then(interpreterOf, () => null);
    if (python) return { program: path.resolve(program), python };
  }
  throw new LinkError("links to web pages need yt-dlp, which is not available on this server");
}

/** A file's first 512 bytes as text (a program's `#!` lines). */
async function firstBytes(file: string): Promise<string> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    return buffer.subarray(0, bytesRead).toString("latin1");
  } finally {
    await handle.close();
  }
}

/** Runs yt-dlp to its end (whatever its exit code), stopping it past the size cap or the time limit. */
function run(
  bin: string,
  args: string[],
  { config, outDir, limits }: { config: string; outDir: string; limits: YtDlpLimits },
): Promise<{ output: string; refusal: string | null; code: number | null }> {
  return new Promise((resolve, reject) => {
    // none of our environment's proxy or Python variables (-I drops PYTHON*; --proxy on stdin names the only proxy)
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: outDir, LANG: "C.UTF-8" };
    const child = spawn(bin, args, { stdio: ["pipe", "pipe", "pipe"], env });
    // its configuration on stdin (a yt-dlp that ends before reading it is answered by its exit)
    child.stdin.on("error", () => {});
    child.stdin.end(config);
    // its output, both streams (it says some refusals, e.g. the size cap, on stdout), the end kept
    let stderr = "";
    // and the first thing confine.py refused, however much output came after it
    let refusal: string | null = null;
    let stopped: LinkError | null = null;
    const keep = (c: Buffer) => {
      stderr += c.toString("utf8");
      refusal ??= new RegExp(`${REFUSED}([^\n]*)\n`).exec(stderr)?.[1] ?? null;
      stderr = stderr.slice(-4000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const stop = (why: LinkError) => {
      stopped ??= why;
      child.kill("SIGKILL");
    };
    const onAbort = () => stop(new LinkError("the download took too long", true));
    limits.signal.addEventListener("abort", onAbort, { once: true });
    // yt-dlp's --max-filesize trusts what the site declares: the folder is watched as well.
    const watch = setInterval(async () => {
      const names = await readdir(outDir).catch(() => [] as string[]);
      let total = 0;
      for (const n of names) total += (await stat(path.join(outDir, n)).catch(() => ({ size: 0 }))).size;
      if (total > limits.maxBytes) stop(tooLarge(limits.maxBytes));
    }, 250);
    const end = () => {
      clearInterval(watch);
      limits.signal.removeEventListener("abort", onAbort);
    };
    child.on("error", (error: NodeJS.ErrnoException) => {
      end();
      reject(
        error.code === "ENOENT"
          ? new LinkError("links to web pages need yt-dlp, which is not available on this server")
          : error,
      );
    });
    child.on("close", (code) => {
      end();
      if (stopped) reject(stopped);
      else resolve({ output: stderr, refusal, code });
    });
  });
}

/** Pure: yt-dlp's error output as the reason the user reads. */
export function explain(stderr: string, maxBytes: number): string {
  if (/Unsupported URL|No video formats found|no suitable formats|Unable to extract/i.test(stderr))
    return "no video was found at this link";
  if (/larger than max-filesize|File is larger/i.test(stderr)) return tooLarge(maxBytes).message;
  if (/HTTP Error 403/i.test(stderr)) return "the site refused the download (HTTP 403)";
  if (/HTTP Error 404/i.test(stderr)) return "the site answered HTTP 404";
  if (/Private video|Sign in to confirm|members-only/i.test(stderr))
    return "the video is private or needs a sign-in";
  const line = stderr
    .split("\n")
    .filter((l) => l.startsWith("ERROR:"))
    .map((l) => l.replace(/^ERROR:\s*/, "").trim())
    .at(-1);
  return line ? line.slice(0, 200) : "yt-dlp could not download it";
}
