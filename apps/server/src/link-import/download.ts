import { rm } from "node:fs/promises";
import path from "node:path";
import { isYoutubeLink } from "@dubbing/contract";
import { uploadedFileName } from "../media/file-names.ts";
import type { PrivateAllowance } from "../net/address-guard.ts";
import { fetchDirect } from "./fetch-direct.ts";
import { downloadWithYtDlp } from "./yt-dlp.ts";

interface DownloadLimits {
  allow: PrivateAllowance;
  maxBytes: number;
  idleMs: number;
  signal: AbortSignal;
  ytDlpBin?: string;
}

/**
 * Downloads a link's video into `workDir`: a media file is fetched directly; an HTML page (or a YouTube
 * link, which is always one) goes to yt-dlp. Throws a LinkError saying why not.
 */
export async function downloadLink(
  link: string,
  workDir: string,
  limits: DownloadLimits,
): Promise<{ path: string; size: number; name: string }> {
  const name = nameOf(link);
  const viaYtDlp = async () => {
    const file = await downloadWithYtDlp(link, workDir, {
      allow: limits.allow,
      maxBytes: limits.maxBytes,
      signal: limits.signal,
      bin: limits.ytDlpBin,
    });
    return { ...file, name: `${path.parse(name).name}${path.extname(file.path)}` };
  };
  if (isYoutubeLink(link)) return viaYtDlp();
  const dest = path.join(workDir, "direct.download");
  const fetched = await fetchDirect(link, dest, limits);
  if (fetched.kind === "file") return { path: dest, size: fetched.size, name };
  await rm(dest, { force: true });
  return viaYtDlp();
}

/** Pure: the file name a link's video is kept under (the last part of its path, or "video"). */
export function nameOf(link: string): string {
  try {
    const last = decodeURIComponent(new URL(link).pathname.split("/").pop() ?? "");
    return uploadedFileName(last.replace(/[^\w.() -]/g, "_"));
  } catch {
    return "video";
  }
}
