import { formatBytes } from "./upload-video.ts";

/** Bytes to read from the start of a chosen file: enough for every signature below. */
const HEAD_BYTES = 16;

const ascii = (head: Uint8Array, at: number, text: string) =>
  [...text].every((c, i) => head[at + i] === c.charCodeAt(0));

/** Pure: whether the file's first bytes are those of a video container the server reads. */
function looksLikeVideo(head: Uint8Array): boolean {
  return (
    ["ftyp", "moov", "mdat", "wide", "free", "skip"].some((box) => ascii(head, 4, box)) || // MP4, MOV
    (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) || // WebM, Matroska
    ascii(head, 0, "OggS") ||
    (ascii(head, 0, "RIFF") && ascii(head, 8, "AVI ")) ||
    (head[0] === 0x30 && head[1] === 0x26 && head[2] === 0xb2 && head[3] === 0x75) || // WMV (ASF)
    ascii(head, 0, "FLV") ||
    head[0] === 0x47 // MPEG-TS
  );
}

/**
 * Pure: why the chosen file would be refused, before a byte is sent (the server checks again): empty,
 * larger than the server takes, or not a video by its first bytes. Null when it may go.
 */
export function fileProblem(size: number, head: Uint8Array, maxBytes: number | undefined): string | null {
  if (size === 0) return "This file is empty. Choose the video file itself.";
  if (maxBytes !== undefined && size > maxBytes)
    return `This file is ${formatBytes(size)}; this server takes videos up to ${formatBytes(maxBytes)}.`;
  if (!looksLikeVideo(head))
    return "This file is not a video we can read. Upload an MP4, WebM, OGG, MOV, AVI or WMV file.";
  return null;
}

/** Reads the file's first bytes (never the whole file) and answers fileProblem's verdict. */
export async function checkChosenFile(file: File, maxBytes: number | undefined): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  return fileProblem(file.size, head, maxBytes);
}
