import { rm } from "node:fs/promises";
import path from "node:path";
import { isYoutubeLink } from "@dubbing/contract";
import { fileNameOfLink } from "../media/file-names.ts";
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
  const name = fileNameOfLink(link);
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
