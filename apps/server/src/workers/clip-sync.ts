// The TTS clip cache shared through the object store (scale-out): a translation's clips live under its dub
// prefix, so a re-dub costs the same on any worker, and deleting the translation or the project removes
// them. Each worker keeps its local copy (the pipeline reads files); this brings it in step before a dub
// and sends what changed after. In embedded mode the store is the same disk: nothing to do.
import { createWriteStream } from "node:fs";
import { copyFile, mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Storage } from "../storage/index.ts";

/**
 * Clips are named by a hash of engine, voice, language, text and rate: content-addressed. Beside them,
 * each offline voice's settings for its speaker (`<hash>.fit.json`): without them another worker would
 * calibrate again on the edited lines, land on slightly different settings and re-render every clip.
 */
const CLIP = /^[0-9a-f]{16,}\.(wav|fit\.json)$/;

async function localClips(dir: string): Promise<Set<string>> {
  return new Set((await readdir(dir).catch(() => [] as string[])).filter((n) => CLIP.test(n)));
}

/** Fetches the clips the store has and this worker lacks. */
export async function pullClips(storage: Storage, prefix: string, dir: string): Promise<number> {
  if (storage.kind === "local") return 0;
  await mkdir(dir, { recursive: true });
  const have = await localClips(dir);
  const missing = (await storage.listKeys(prefix))
    .map((key) => key.slice(prefix.length))
    .filter((name) => CLIP.test(name) && !have.has(name));
  for (const name of missing) {
    await pipeline(await storage.read(`${prefix}${name}`), createWriteStream(path.join(dir, name)));
  }
  return missing.length;
}

/** Sends new clips to the store and removes the ones the local cache evicted. */
export async function pushClips(storage: Storage, prefix: string, dir: string, scratch: string) {
  if (storage.kind === "local") return { sent: 0, removed: 0 };
  const have = await localClips(dir);
  const stored = new Set(
    (await storage.listKeys(prefix)).map((key) => key.slice(prefix.length)).filter((n) => CLIP.test(n)),
  );
  let sent = 0;
  for (const name of have) {
    if (stored.has(name)) continue;
    // putFile takes the file away: it gets a copy, the cache keeps its own
    const copy = path.join(scratch, name);
    await copyFile(path.join(dir, name), copy);
    await storage.putFile(`${prefix}${name}`, copy, name.endsWith(".wav") ? "audio/wav" : "application/json");
    sent += 1;
  }
  const gone = [...stored].filter((name) => !have.has(name));
  for (const name of gone) await storage.deletePrefix(`${prefix}${name}`);
  return { sent, removed: gone.length };
}
