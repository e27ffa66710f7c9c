import { createWriteStream } from "node:fs";
import { unlink } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkTarget, guardedLookup, type PrivateAllowance } from "../net/address-guard.ts";
import { LinkError, tooLarge } from "./errors.ts";

interface FetchLimits {
  allow: PrivateAllowance;
  /** The body is cut off past this many bytes (the plan's limit), before anything is stored or charged. */
  maxBytes: number;
  /** No byte for this long and the download fails (a server that stalls). */
  idleMs: number;
  /** The whole download, redirects included. */
  signal: AbortSignal;
}

/** Redirects followed, each re-checked by the guard. */
const MAX_REDIRECTS = 5;

/** What a link answered: a media file (now at `dest`), or an HTML page (left to yt-dlp). */
type Fetched = { kind: "file"; size: number; contentType: string; finalUrl: URL } | { kind: "page" };

/** Pure: what a response's Content-Type makes of it. */
export function classifyContentType(header: string | undefined): "media" | "page" | "other" {
  const type = (header ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "text/html" || type === "application/xhtml+xml") return "page";
  if (
    type === "" ||
    type.startsWith("video/") ||
    type === "application/octet-stream" ||
    type === "binary/octet-stream" ||
    type === "application/mp4" ||
    type === "application/ogg"
  )
    return "media";
  return "other";
}

/**
 * GETs a link with the SSRF guard on every hop (the address connected to is checked, redirects are
 * followed by hand and re-checked), an idle timeout, and the size cap enforced while streaming to `dest`
 * (a declared Content-Length past it is refused before the body is read). A media answer is written to
 * `dest`; an HTML answer is closed unread and reported as a page. Anything else is a LinkError.
 */
export async function fetchDirect(link: string, dest: string, limits: FetchLimits): Promise<Fetched> {
  let url = new URL(link);
  for (let hop = 0; ; hop++) {
    try {
      checkTarget(url, limits.allow);
    } catch (error) {
      throw new LinkError((error as Error).message);
    }
    const { response, idle } = await get(url, limits);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= MAX_REDIRECTS) throw new LinkError(`the site redirected more than ${MAX_REDIRECTS} times`);
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new LinkError(`the site answered HTTP ${status}`, status >= 500 || status === 429);
    }
    const contentType = response.headers["content-type"] ?? "";
    const kind = classifyContentType(contentType);
    if (kind !== "media") {
      response.destroy();
      if (kind === "page") return { kind: "page" };
      throw new LinkError(`the link leads to ${contentType.split(";")[0]}, not a video`);
    }
    const declared = Number(response.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limits.maxBytes) {
      response.destroy();
      throw tooLarge(limits.maxBytes);
    }
    let size = 0;
    const cap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > limits.maxBytes) return done(tooLarge(limits.maxBytes));
        done(null, chunk);
      },
    });
    try {
      await pipeline(response, cap, createWriteStream(dest), { signal: limits.signal });
    } catch (error) {
      await unlink(dest).catch(() => {});
      throw idle() ?? asLinkError(error, limits);
    }
    return { kind: "file", size, contentType, finalUrl: url };
  }
}

/** The response, and the idle time-out's error once it has fired (the body then fails as merely "aborted"). */
function get(
  url: URL,
  limits: FetchLimits,
): Promise<{ response: http.IncomingMessage; idle: () => LinkError | null }> {
  let idled: LinkError | null = null;
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(url, {
      headers: { "user-agent": "AI-Video-Dubbing-Import/1", accept: "video/*, */*;q=0.5" },
      lookup: guardedLookup(limits.allow),
      agent: false,
      signal: limits.signal,
      timeout: limits.idleMs,
    });
    request.on("timeout", () => {
      idled = new LinkError(`the site sent nothing for ${limits.idleMs / 1000} s`, true);
      request.destroy(idled);
    });
    request.on("response", (response) => resolve({ response, idle: () => idled }));
    request.on("error", (error) => reject(asLinkError(error, limits)));
  });
}

function asLinkError(error: unknown, limits: FetchLimits): LinkError {
  if (error instanceof LinkError) return error;
  if (limits.signal.aborted) return new LinkError("the download took too long", true);
  const message = (error as Error).message ?? String(error);
  if (/private address/.test(message)) return new LinkError(message);
  return new LinkError(message.slice(0, 200), true);
}
