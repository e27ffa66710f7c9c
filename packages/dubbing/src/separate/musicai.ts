// Music.AI (music.ai/docs/api/reference): vocal / accompaniment separation in the cloud. Documented
// flow, header `Authorization: <key>` (no scheme): GET /v1/upload → {uploadUrl, downloadUrl}; PUT the
// file to uploadUrl; POST /v1/job {name, workflow, params: {inputUrl}} → {id}; GET /v1/job/{id} until
// status is SUCCEEDED or FAILED (QUEUED, STARTED before) → result {<output>: url}; DELETE /v1/job/{id}
// afterwards (the provider keeps files up to 48 h otherwise). The default workflow is the template
// "music-ai/stems-vocals-accompaniment", whose outputs are "vocals" and "accompaniment".
import { createReadStream, createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Availability, SeparationEngine, SeparationInput, SeparationResult } from "../engines/types.ts";
import { DubError, throwIfAborted } from "../errors.ts";
import { runFfmpeg } from "../media/run.ts";
import { apiUrl, type ProviderRequest, providerFetch, providerJson } from "../util/http.ts";
import { decodeStemFiles, rawToFlacArgs } from "./stems.ts";

const MUSICAI_URL = "https://api.music.ai";
export const MUSICAI_WORKFLOW = "music-ai/stems-vocals-accompaniment";

interface MusicAiOptions {
  apiKey?: string;
  baseUrl?: string;
  workflow?: string;
  /** Between two looks at a running job (default 3 s). */
  pollMs?: number;
  /** Give up on a job after this long (default 30 min). */
  timeoutMs?: number;
}

/** Pure: which of a job's result URLs is the voice and which the background (by the outputs' names). */
export function pickOutputs(result: Record<string, unknown>): { vocals: string; background: string } | null {
  const entries = Object.entries(result).filter((e): e is [string, string] => typeof e[1] === "string");
  const vocals = entries.find(([k]) => /vocal/i.test(k) && !/no.?vocal|without/i.test(k));
  const background = entries.find(([k]) => /accompaniment|instrumental|no.?vocal|background|other/i.test(k));
  return vocals && background ? { vocals: vocals[1], background: background[1] } : null;
}

export function createMusicAiEngine(opts: MusicAiOptions = {}): SeparationEngine {
  const base = opts.baseUrl || MUSICAI_URL;
  const workflow = opts.workflow || MUSICAI_WORKFLOW;
  const pollMs = opts.pollMs ?? 3000;
  return {
    id: "musicai",
    kind: "separation",
    label: "Music.AI",
    local: false,
    async available(): Promise<Availability> {
      return opts.apiKey ? { ok: true } : { ok: false, reason: "no Music.AI key (set MUSICAI_API_KEY)" };
    },
    async separate(input: SeparationInput): Promise<SeparationResult> {
      const { signal, workDir } = input;
      const req: ProviderRequest = { provider: "Music.AI", signal };
      const auth = { authorization: opts.apiKey ?? "" };
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await providerFetch(
          apiUrl(base, path),
          {
            method,
            headers: body ? { ...auth, "content-type": "application/json" } : auth,
            body: body ? JSON.stringify(body) : undefined,
          },
          req,
        );
        return providerJson(res, req, { notJson: null }) as Promise<Record<string, unknown> | null>;
      };
      // upload the original as FLAC
      const flac = join(workDir, "musicai-input.flac");
      await runFfmpeg(
        rawToFlacArgs(
          { file: input.pcmFile, rate: input.sampleRate, channels: input.channels },
          { file: flac, rate: input.sampleRate, channels: input.channels },
        ),
        { signal },
      );
      const up = await call("GET", "/v1/upload");
      if (typeof up?.uploadUrl !== "string" || typeof up?.downloadUrl !== "string")
        throw new DubError("engine_failed", "Music.AI gave no upload URL");
      const size = (await stat(flac)).size;
      await providerFetch(
        up.uploadUrl,
        {
          method: "PUT",
          headers: { "content-type": "audio/flac", "content-length": String(size) },
          body: Readable.toWeb(createReadStream(flac)) as ReadableStream,
          duplex: "half",
        } as RequestInit,
        { ...req, retries: 0 },
      );
      input.onProgress?.(0.1);
      const created = await call("POST", "/v1/job", {
        name: "dubbing separation",
        workflow,
        params: { inputUrl: up.downloadUrl },
      });
      const id = typeof created?.id === "string" ? created.id : null;
      if (!id) throw new DubError("engine_failed", "Music.AI did not create the job");
      try {
        const deadline = Date.now() + (opts.timeoutMs ?? 30 * 60_000);
        let job: Record<string, unknown> | null = null;
        for (;;) {
          throwIfAborted(signal);
          job = await call("GET", `/v1/job/${encodeURIComponent(id)}`);
          if (job?.status === "SUCCEEDED" || job?.status === "FAILED") break;
          if (Date.now() > deadline)
            throw new DubError("engine_failed", "Music.AI did not finish the job in time");
          input.onProgress?.(job?.status === "STARTED" ? 0.4 : 0.2);
          await new Promise((r) => setTimeout(r, pollMs));
        }
        if (job?.status === "FAILED")
          throw new DubError(
            "engine_failed",
            `Music.AI failed the job: ${JSON.stringify(job.error ?? job.result ?? "")}`,
          );
        const outputs = pickOutputs((job?.result ?? {}) as Record<string, unknown>);
        if (!outputs)
          throw new DubError("engine_failed", "Music.AI's result has no vocals and accompaniment");
        const files = {
          vocals: join(workDir, "musicai-vocals"),
          background: join(workDir, "musicai-background"),
        };
        for (const k of ["vocals", "background"] as const) {
          const res = await providerFetch(outputs[k], { method: "GET" }, req);
          if (!res.body) throw new DubError("engine_failed", "Music.AI sent an empty file");
          await pipeline(Readable.fromWeb(res.body as never), createWriteStream(files[k]));
        }
        input.onProgress?.(0.9);
        const stems = await decodeStemFiles(files, input);
        input.onProgress?.(1);
        return { ...stems, params: { workflow, job: id } };
      } finally {
        // best effort: the provider's copy of the audio goes with the job
        await call("DELETE", `/v1/job/${encodeURIComponent(id)}`).catch(() => {});
      }
    },
  };
}
