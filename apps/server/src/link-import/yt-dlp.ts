import { spawn } from "node:child_process";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { PrivateAllowance } from "../net/address-guard.ts";
import { LinkError, tooLarge } from "./errors.ts";
import { startGuardedProxy } from "./guarded-proxy.ts";

export interface YtDlpLimits {
  allow: PrivateAllowance;
  maxBytes: number;
  /** The whole run: yt-dlp is killed when it ends. */
  signal: AbortSignal;
  /** The program (tests point it at a missing one). */
  bin?: string;
}

/**
 * Pure: yt-dlp's arguments. Nothing from the user reaches it but the URL, and that after `--` (so it can
 * never be read as an option such as `--exec`); `--ignore-config` keeps config files out; one video, no
 * playlist; its own size cap; every connection through the guarded proxy.
 */
export function ytDlpArgs(url: string, outDir: string, maxBytes: number, proxy: string): string[] {
  return [
    "--ignore-config",
    "--no-playlist",
    "--playlist-items",
    "1",
    "--max-downloads",
    "1",
    "--max-filesize",
    String(maxBytes),
    "--proxy",
    proxy,
    "--socket-timeout",
    "30",
    "--retries",
    "1",
    "--no-cache-dir",
    "--no-mtime",
    "--no-progress",
    "--no-warnings",
    "--restrict-filenames",
    "--format",
    "b/bv*+ba",
    "--merge-output-format",
    "mp4",
    "--output",
    path.join(outDir, "download.%(ext)s"),
    "--",
    url,
  ];
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
  const proxy = await startGuardedProxy(limits.allow);
  try {
    const stderr = await run(
      limits.bin ?? "yt-dlp",
      ytDlpArgs(url, outDir, limits.maxBytes, proxy.url),
      outDir,
      limits,
    );
    const files = (await readdir(outDir)).filter(
      (f) => f.startsWith("download.") && !/\.(part|ytdl)$/.test(f),
    );
    if (files.length === 0) {
      if (proxy.state.refused) throw new LinkError(proxy.state.refused);
      throw new LinkError(explain(stderr, limits.maxBytes));
    }
    const file = path.join(outDir, files[0]!);
    const size = (await stat(file)).size;
    if (size > limits.maxBytes) throw tooLarge(limits.maxBytes);
    return { path: file, size };
  } finally {
    await proxy.close();
  }
}

/** Runs yt-dlp to its end (whatever its exit code), stopping it past the size cap or the time limit. */
function run(bin: string, args: string[], outDir: string, limits: YtDlpLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"] });
    // its output, both streams (it says some refusals, e.g. the size cap, on stdout), the end kept
    let stderr = "";
    let stopped: LinkError | null = null;
    const keep = (c: Buffer) => {
      stderr = (stderr + c.toString("utf8")).slice(-4000);
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
    child.on("close", () => {
      end();
      if (stopped) reject(stopped);
      else resolve(stderr);
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
