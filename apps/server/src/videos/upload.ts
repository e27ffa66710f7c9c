import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, unlink } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import { uploadedFileName } from "../media/file-names.ts";
import { collectSubtitles, type SubtitleUpload } from "./subtitle-import.ts";

interface ReceivedUpload {
  title: string | undefined;
  /** The spoken language (an app language code); English when not sent. */
  language: string | undefined;
  /** "How many people speak?": "1"–"8", or "auto"/absent to detect. */
  speakers?: string;
  file: { path: string; name: string; size: number } | undefined;
  /** An SRT or WebVTT file to use as the transcript (held in memory, at most 2 MiB kept). */
  subtitles?: SubtitleUpload;
}

/**
 * Streams the multipart body's `video` file to a temporary file on disk (constant memory) and collects the
 * `title` field, whichever order they come in. On any failure, including the client going away half-way,
 * the temporary file is removed before the error propagates.
 */
export async function receiveUpload(
  request: FastifyRequest,
  tmpDir: string,
  maxBytes: number,
): Promise<ReceivedUpload> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes + 1024 * 1024) throw tooLarge(maxBytes);
  if (!request.isMultipart()) throw new AppError("bad_request", "Send the video as multipart/form-data.");

  await mkdir(tmpDir, { recursive: true });
  const result: ReceivedUpload = { title: undefined, language: undefined, file: undefined };
  let tmpPath: string | undefined;
  // A client that goes away mid-file does not always make the multipart stream fail (it can wait for
  // more bytes that never come): the closed connection stops the copy, and the file is removed below.
  const gone = new AbortController();
  const onClose = () => {
    if (!request.raw.complete) gone.abort();
  };
  request.raw.once("close", onClose);
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 3, fields: 10, fieldSize: 64 * 1024 },
    })) {
      if (part.type === "field") {
        if (part.fieldname === "title" && typeof part.value === "string") result.title = part.value;
        if (part.fieldname === "language" && typeof part.value === "string") result.language = part.value;
        if (part.fieldname === "speakers" && typeof part.value === "string") result.speakers = part.value;
        continue;
      }
      // A second file of the same field is refused rather than dropped: the user would not know which one
      // the project was made of.
      if (
        (part.fieldname === "video" && result.file) ||
        (part.fieldname === "subtitles" && result.subtitles)
      ) {
        part.file.resume();
        throw new AppError(
          "bad_request",
          `Send one ${part.fieldname === "video" ? "video" : "subtitle"} file: this upload has two \`${part.fieldname}\` files.`,
        );
      }
      if (part.fieldname === "subtitles") {
        result.subtitles = await collectSubtitles(part.file);
        continue;
      }
      if (part.fieldname !== "video") {
        part.file.resume();
        continue;
      }
      tmpPath = path.join(tmpDir, `${randomUUID()}.upload`);
      const out = createWriteStream(tmpPath);
      let size = 0;
      part.file.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      await pipeline(part.file, out, { signal: gone.signal });
      result.file = { path: tmpPath, name: uploadedFileName(part.filename), size };
    }
    return result;
  } catch (error) {
    if (tmpPath) await unlink(tmpPath).catch(() => {});
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge(maxBytes);
    if (code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") {
      throw new AppError("bad_request", "Send one video file and a title.");
    }
    if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE")
      throw new AppError("bad_request", "Send the video as multipart/form-data.");
    // A client that goes away half-way is not a server error (nobody is there to answer).
    if (request.raw.destroyed || INTERRUPTED.has(code ?? ""))
      throw new AppError("bad_request", "The upload was interrupted before the whole file arrived.");
    throw error;
  } finally {
    request.raw.off("close", onClose);
  }
}

/** Stream errors of a connection that closed before the body was complete. */
const INTERRUPTED = new Set(["ECONNRESET", "ERR_STREAM_PREMATURE_CLOSE", "ECONNABORTED", "ABORT_ERR"]);

function tooLarge(maxBytes: number): AppError {
  const gb = Math.round((maxBytes / 1024 ** 3) * 10) / 10;
  return new AppError("file_too_large", `The video is larger than the ${gb} GB limit.`);
}

const KNOWN_EXTENSIONS = new Set([".mp4", ".m4v", ".webm", ".ogg", ".ogv", ".mov", ".avi", ".wmv", ".mkv"]);

/** ffprobe's first format name → the extension a file of it is stored under. */
const EXTENSION_OF_FORMAT = new Map(
  Object.entries({ mov: ".mp4", matroska: ".mkv", webm: ".webm", ogg: ".ogg", avi: ".avi", asf: ".wmv" }),
);

/** The stored file's extension: the upload's own when it is a known video type, else from the probed format. */
export function storedExtension(fileName: string, formatName: string): string {
  const ext = path.extname(fileName).toLowerCase();
  if (KNOWN_EXTENSIONS.has(ext)) return ext;
  const format = formatName.split(",")[0] ?? "";
  return EXTENSION_OF_FORMAT.get(format) ?? ".bin";
}
