import { createWriteStream } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { probe, renderVoiceSample, runFfmpeg } from "@dubbing/dubbing";
import { z } from "zod";
import type { StoryboardFrameJson } from "../db/schema.ts";
import { defineJob } from "../jobs/definition.ts";
import { firstLine } from "../jobs/runner.ts";
import { storyboardPrefix, storyboardVideoKey } from "../storage/keys.ts";
import { wrapText } from "../storyboards/frames.ts";
import { fontOption, parseOfflineImageUrl } from "../storyboards/images.ts";
import { frameSeconds, storyboardVideoArgs, type VideoFrame } from "../storyboards/video.ts";
import type { WorkerDeps } from "./deps.ts";
import { runTracked } from "./handler.ts";

const MAX_IMAGE_BYTES = 25 * 1024 * 1024;

const storyboardPayload = z.strictObject({
  storyboardId: z.string(),
  trackId: z.string(),
  voice: z.string(),
  language: z.string(),
  subtitles: z.boolean(),
});
export type StoryboardPayload = z.infer<typeof storyboardPayload>;

/**
 * Makes the storyboard's video: each frame's selected image for the length of its narration (TTS of the
 * frame's text), with pan/zoom, crossfades and optional burned-in subtitles; 1280×720 H.264 + AAC.
 */
export async function runStoryboardVideo(deps: WorkerDeps, job: StoryboardPayload, isLastAttempt: boolean) {
  const { storyboards, tracker, storage } = deps;
  const row = await storyboards.findById(job.storyboardId);
  if (!row) return tracker.finish(job.trackId, "failed", "The storyboard was deleted.");
  await runTracked(
    deps,
    {
      trackId: job.trackId,
      isLastAttempt,
      mediaSeconds: row.frames.length * 12,
      message: (error) => `The video could not be made: ${firstLine(error)}`,
      record: async (message) => {
        const current = await storyboards.findById(row.id);
        await storyboards.update(row.id, {
          status: current?.videoKey ? "ready" : "failed",
          statusMessage: message,
        });
      },
      purgeIfDeleted: () => storage.deletePrefix(storyboardPrefix(row.id)),
    },
    async (scope, progress) => {
      const work = await scope.scratch(deps.scratchDir, "storyboard-");
      const released: (() => Promise<void>)[] = [];
      scope.onCleanup(() => Promise.all(released.map((release) => release().catch(() => {}))));
      await storyboards.update(row.id, { status: "generating", statusMessage: "Narrating" });
      const frames: VideoFrame[] = [];
      const n = row.frames.length;
      for (const [i, frame] of row.frames.entries()) {
        progress.report((i / n) * 45, `Narrating frame ${i + 1} of ${n}`);
        const audio = path.join(work, `narration-${i}.wav`);
        const speech = await renderVoiceSample(job.voice, job.language, audio, {
          text: frame.transcriptSegment.text,
          registry: deps.registry,
          signal: scope.signal,
        });
        const image = await localImage(deps, frame, { work, index: i, released });
        let subtitleFile: string | undefined;
        if (job.subtitles) {
          subtitleFile = path.join(work, `subtitle-${i}.txt`);
          await writeFile(subtitleFile, wrapText(frame.transcriptSegment.text, 56).join("\n"));
        }
        frames.push({ image, audio, seconds: frameSeconds(speech.durationMs), subtitleFile });
      }
      progress.report(50, "Rendering the video");
      const output = path.join(work, "video.mp4");
      const totalMs = frames.reduce((sum, f) => sum + f.seconds * 1000, 0);
      await runFfmpeg(storyboardVideoArgs(frames, output, { fontOption: fontOption() }), {
        durationMs: totalMs,
        signal: scope.signal,
        onProgress: (fraction) => progress.report(50 + fraction * 48, "Rendering the video"),
      });
      await progress.close();
      const probed = await probe(output);
      const key = storyboardVideoKey(row.id);
      await storage.putFile(key, output, "video/mp4");
      await storyboards.update(row.id, {
        status: "ready",
        statusMessage: null,
        videoKey: key,
        videoDurationMs: Math.round(probed.durationMs),
        frameDurationsMs: frames.map((f) => Math.round(f.seconds * 1000)),
        generatedAt: new Date(),
      });
      await tracker.finish(job.trackId, "done", `${n} frames, ${(probed.durationMs / 1000).toFixed(1)} s`);
    },
  );
}

/**
 * A local file of the frame's selected image: our own illustration from storage, or a download from an
 * allowed image host. Anything else (or a failed download) falls back to an illustration of the keywords.
 */
async function localImage(
  deps: WorkerDeps,
  frame: StoryboardFrameJson,
  place: { work: string; index: number; released: (() => Promise<void>)[] },
): Promise<string> {
  const { work, index, released } = place;
  const selected = frame.pexelImages[frame.selectedAssetIndex] ?? frame.pexelImages[0];
  const fromLibrary = async (variant: number, query: string) => {
    const key = await deps.images.ensure(variant, query);
    const copy = await deps.storage.localCopy(key, work);
    released.push(copy.release);
    return copy.path;
  };
  const fallbackQuery = frame.keywords.slice(0, 2).join(" ") || frame.transcriptSegment.text.slice(0, 40);
  if (!selected) return fromLibrary(0, fallbackQuery);
  const offline = parseOfflineImageUrl(String(selected.large ?? selected.medium));
  if (offline) return fromLibrary(offline.variant, offline.query);
  for (const candidate of [selected.large, selected.medium]) {
    if (typeof candidate !== "string") continue;
    const file = path.join(work, `image-${index}`);
    if (await download(candidate, file, deps.imageHosts)) return file;
  }
  return fromLibrary(0, fallbackQuery);
}

/** Downloads an image from an allowed host (no redirects, at most 25 MB); false when it cannot. */
export async function download(url: string, file: string, hosts: Set<string>): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!/^https?:$/.test(parsed.protocol) || !hosts.has(parsed.host)) return false;
  try {
    const res = await fetch(parsed, { redirect: "error", signal: AbortSignal.timeout(20_000) });
    if (!res.ok || !res.body) return false;
    let bytes = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done(bytes > MAX_IMAGE_BYTES ? new Error("image too large") : null, chunk);
      },
    });
    await pipeline(
      Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      limit,
      createWriteStream(file),
    );
    return true;
  } catch {
    return false;
  }
}

export const storyboardJob = defineJob({
  name: "storyboard",
  payload: storyboardPayload,
  run: runStoryboardVideo,
});
