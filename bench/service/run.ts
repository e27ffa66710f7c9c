import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { makeDialogue } from "../../packages/dubbing/src/testing/dialogue.ts";
import { fiveMinuteScript } from "../pipeline/script.ts";
import { benchUpload, benchUsers, readyProject, startBenchServer } from "./server.ts";

const { values } = parseArgs({ options: { language: { type: "string", default: "es" } } });
const language = values.language!;
const dir = await mkdtemp(path.join(os.tmpdir(), "dub-bench-service-"));
console.log("building a 5-minute two-speaker video…");
const { video, durationMs } = makeDialogue(dir, fiveMinuteScript(), { name: "five", width: 1280 });

const cookie = (await benchUsers(dir, ["bench@example.com"]))[0]!;
const server = await startBenchServer(dir);
const base = server.base;
try {
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { cookie, ...(body !== undefined && { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Record<string, string>;
  };

  const t0 = performance.now();
  const created = { _id: await benchUpload(base, cookie, video, "Bench") };
  const project = await readyProject(base, cookie, created._id);
  const toTranscript = (performance.now() - t0) / 1000;

  const t1 = performance.now();
  const translated = await call(
    "POST",
    `/api/video/${created._id}/translate`,
    { language },
    { prefer: "wait=300" },
  );
  const toTranslation = (performance.now() - t1) / 1000;
  const t2 = performance.now();
  const dubbed = await call("POST", `/api/video/${created._id}/dub`, { language }, { prefer: "wait=300" });
  const mp4 = await fetch(`${base}${dubbed.dubVideoUrl}`);
  const bytes = (await mp4.arrayBuffer()).byteLength;
  const toMp4 = (performance.now() - t2) / 1000;

  console.log(
    `video                     ${(durationMs / 1000).toFixed(0)} s, 1280 px, ${project.transcript.length} segments, ${project.speakers.length} speakers`,
  );
  console.log(`upload → transcript       ${toTranscript.toFixed(1)} s`);
  console.log(
    `translate (${language})            ${toTranslation.toFixed(1)} s (${translated.status}, ${translated.engine})`,
  );
  console.log(
    `dub request → MP4         ${toMp4.toFixed(1)} s (${(bytes / 1024 / 1024).toFixed(1)} MiB downloaded)`,
  );
  console.log(`realtime factor (dub)     ${(toMp4 / (durationMs / 1000)).toFixed(3)}`);
} finally {
  server.stop();
  await rm(dir, { recursive: true, force: true });
}
