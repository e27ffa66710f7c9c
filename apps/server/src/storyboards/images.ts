import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { runFfmpeg } from "@dubbing/dubbing";
import type { Db } from "../db/client.ts";
import { sharedSecret } from "../db/settings.ts";
import { AppError } from "../errors.ts";
import { slots } from "../jobs/slots.ts";
import { MEDIA_SECRET } from "../media/signing.ts";
import type { Storage } from "../storage/index.ts";
import { offlineImageKey } from "../storage/keys.ts";
import { composeIllustration, HEIGHT, VARIANTS, WIDTH } from "./illustration/compose.ts";
import { lucide } from "./illustration/icons.ts";

/** One image candidate of a frame; `medium` is what the screens show (PRODUCT.md § Screens), `large` what videos use. */
export interface StoryboardImage {
  id: string | number;
  medium: string;
  large?: string;
  alt?: string;
  photographer?: string;
  photographerUrl?: string;
  url?: string;
  width?: number;
  height?: number;
  source: "pexels" | "offline";
  [key: string]: unknown;
}

export interface ImageProvider {
  readonly id: "pexels" | "offline";
  search(query: string, perPage: number): Promise<StoryboardImage[]>;
}

/** How many candidates a frame gets, and how many a search returns. */
export const IMAGES_PER_FRAME = 4;
export const IMAGES_PER_SEARCH = 8;
/**
 * The image searches a new storyboard makes at most (one per distinct frame query, counted against the
 * user's hourly image searches before they run); later frames start without images.
 */
export const MAX_SEARCHES_PER_STORYBOARD = 20;

// ---- Pexels ---------------------------------------------------------------------------------------

interface PexelsPhoto {
  id: number;
  width?: number;
  height?: number;
  url?: string;
  alt?: string;
  photographer?: string;
  photographer_url?: string;
  src?: { medium?: string; large?: string; large2x?: string; original?: string };
}

/**
 * Pexels' documented API: `GET {base}/v1/search?query=&per_page=` with the key in `Authorization`;
 * `photos[].src.medium` is the card-sized image (350 px high), `large2x` the one videos are made from.
 */
export class PexelsProvider implements ImageProvider {
  readonly id = "pexels" as const;
  readonly apiKey: string;
  readonly baseUrl: string;
  constructor(apiKey: string, baseUrl = "https://api.pexels.com") {
    this.apiKey = apiKey;
    this.baseUrl = baseUrl.replace(/\/$/, "");
  }

  async search(query: string, perPage: number): Promise<StoryboardImage[]> {
    const url = `${this.baseUrl}/v1/search?${new URLSearchParams({ query, per_page: String(perPage) })}`;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { Authorization: this.apiKey },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new AppError(
        "image_search_failed",
        "The image library could not be reached. Please try again.",
        undefined,
        { cause: error },
      );
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new AppError(
        "image_search_failed",
        res.status === 429
          ? "The image library is busy (too many searches). Please try again in a minute."
          : "The image library refused the search. Please try again.",
      );
    }
    const body = (await res.json().catch(() => null)) as { photos?: PexelsPhoto[] } | null;
    return (body?.photos ?? [])
      .filter((p) => typeof p.src?.medium === "string")
      .map((p) => ({
        id: p.id,
        medium: p.src!.medium!,
        large: p.src!.large2x ?? p.src!.large ?? p.src!.original ?? p.src!.medium!,
        alt: p.alt ?? query,
        photographer: p.photographer,
        photographerUrl: p.photographer_url,
        url: p.url,
        width: p.width,
        height: p.height,
        source: "pexels" as const,
      }));
  }
}

// ---- Offline ----------------------------------------------------------------------------------------

export { OFFLINE_PATH } from "@dubbing/contract";

import { OFFLINE_PATH } from "@dubbing/contract";

/** Pure: the form a query is rendered and cached under (lower case, single spaces, at most 60 characters). */
export function normalizeQuery(query: string): string {
  return query.toLowerCase().replace(/\s+/g, " ").trim().slice(0, 60).trim();
}

/**
 * Pure: what lets an offline image be rendered. Only a metered search hands out signed URLs, so every
 * render is paid for by one of the user's image searches, and a stranger cannot tell which words anyone
 * searched for (an unsigned URL is 404 whether or not its image is stored).
 */
export function offlineImageSignature(secret: string, variant: number, query: string): string {
  return createHmac("sha256", secret)
    .update(`offline-image\n${variant}\n${normalizeQuery(query)}`)
    .digest("base64url")
    .slice(0, 22);
}

/** Pure: the stable, signed URL of an offline image; it renders on first request and is served from storage after. */
export function offlineImageUrl(variant: number, query: string, secret: string): string {
  const q = normalizeQuery(query);
  return `${OFFLINE_PATH}${variant}.jpg?q=${encodeURIComponent(q)}&sig=${offlineImageSignature(secret, variant, q)}`;
}

/** Pure: the variant, query and signature of an offline image URL (relative or absolute), or null. */
export function parseOfflineImageUrl(
  url: string,
): { variant: number; query: string; sig: string | null } | null {
  let parsed: URL;
  try {
    parsed = new URL(url, "http://local");
  } catch {
    return null;
  }
  const m = new RegExp(`^${OFFLINE_PATH}(\\d)\\.jpg$`).exec(parsed.pathname);
  const q = parsed.searchParams.get("q");
  if (!m || q === null || normalizeQuery(q) === "") return null;
  return { variant: Number(m[1]), query: normalizeQuery(q), sig: parsed.searchParams.get("sig") };
}

/** Pure: the offline image a URL names if its signature is ours, else null. */
export function verifiedOfflineImage(url: string, secret: string): { variant: number; query: string } | null {
  const wanted = parseOfflineImageUrl(url);
  if (!wanted?.sig) return null;
  const expected = Buffer.from(offlineImageSignature(secret, wanted.variant, wanted.query));
  const given = Buffer.from(wanted.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { variant: wanted.variant, query: wanted.query };
}

const OFFLINE_VARIANTS = VARIANTS;

const FONTS = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
  "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
  "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
];
function fontFile(): string | null {
  return FONTS.find((f) => existsSync(f)) ?? null;
}

/** ffmpeg's drawtext font option: a known file, or fontconfig's default sans. */
export function fontOption(): string {
  const file = fontFile();
  return file ? `fontfile=${file}` : "font=Sans";
}

/** ffmpeg renders of illustrations at once per process; more wait their turn. */
const RENDERS_AT_ONCE = 2;

/**
 * The service's own image library: illustrations composed from the search words (illustration/), drawn
 * by ffmpeg, stored once under `storyboard/offline/` and served from storage afterwards. Works with no network. Renders wait in
 * a queue of their own, `RENDERS_AT_ONCE` at a time, and finish even if whoever asked went away.
 */
export class OfflineImageLibrary implements ImageProvider {
  readonly id = "offline" as const;
  readonly storage: Storage;
  readonly scratchDir: string;
  readonly #secret: string;
  readonly #renders = slots(RENDERS_AT_ONCE);
  /** Renders queued or running, by storage key: a second request for the same image waits for the first. */
  readonly #rendering = new Map<string, Promise<string>>();
  constructor(storage: Storage, scratchDir: string, secret: string) {
    this.storage = storage;
    this.scratchDir = scratchDir;
    this.#secret = secret;
  }

  /** The library with the service's shared secret: every process signs and checks the same URLs. */
  static async open(db: Db, storage: Storage, scratchDir: string): Promise<OfflineImageLibrary> {
    return new OfflineImageLibrary(storage, scratchDir, await sharedSecret(db, MEDIA_SECRET));
  }

  async search(query: string, perPage: number): Promise<StoryboardImage[]> {
    const q = normalizeQuery(query);
    const offset = createHash("sha256").update(q).digest()[2]! % OFFLINE_VARIANTS;
    return Array.from({ length: Math.min(perPage, OFFLINE_VARIANTS) }, (_, i) => {
      const variant = (offset + i) % OFFLINE_VARIANTS;
      const url = offlineImageUrl(variant, q, this.#secret);
      return {
        id: `offline-${variant}-${createHash("sha256").update(q).digest("hex").slice(0, 12)}`,
        medium: url,
        large: url,
        alt: q,
        photographer: "AI Video Dubbing illustration",
        width: WIDTH,
        height: HEIGHT,
        source: "offline" as const,
      };
    });
  }

  static key(variant: number, query: string): string {
    const hash = createHash("sha256")
      // "2": the composed illustrations; the gradient cards stored under the old keys are not served again
      .update(`2|${variant}|${normalizeQuery(query)}`)
      .digest("hex");
    return offlineImageKey(hash.slice(0, 40));
  }

  /** The image named by a URL this library signed, or null for any other URL. */
  verified(url: string): { variant: number; query: string } | null {
    return verifiedOfflineImage(url, this.#secret);
  }

  /** Renders the image into storage unless it is already there; returns its storage key. */
  async ensure(variant: number, query: string): Promise<string> {
    const key = OfflineImageLibrary.key(variant, query);
    if (await this.storage.stat(key)) return key;
    let render = this.#rendering.get(key);
    if (!render) {
      render = this.#renders
        .run(() => this.#render(key, variant, query))
        .finally(() => this.#rendering.delete(key));
      this.#rendering.set(key, render);
    }
    return render;
  }

  async #render(key: string, variant: number, query: string): Promise<string> {
    if (await this.storage.stat(key)) return key;
    const work = await mkdtemp(path.join(this.scratchDir, "illustration-"));
    try {
      const drawing = path.join(work, "image.svg");
      await writeFile(drawing, composeIllustration(variant, normalizeQuery(query), lucide()));
      const output = path.join(work, "image.jpg");
      // ffmpeg's librsvg decoder draws the SVG (text through fontconfig, so real fonts and any script)
      await runFfmpeg(["-i", drawing, "-frames:v", "1", "-q:v", "3", output]);
      await this.storage.putFile(key, output, "image/jpeg");
      return key;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}

/** Hosts a video job may download a selected image from (so a saved storyboard cannot make us fetch anything). */
export function allowedImageHosts(pexelsBaseUrl: string | undefined): Set<string> {
  const hosts = new Set(["images.pexels.com"]);
  if (pexelsBaseUrl) hosts.add(new URL(pexelsBaseUrl).host);
  return hosts;
}
