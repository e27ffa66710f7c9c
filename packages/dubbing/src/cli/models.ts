// `dub models`: the model catalogue from the command line (a thin shell over models/store.ts).
import { join, resolve, sep } from "node:path";
import { SHARED_MODELS_DIR } from "../asr/faster-whisper.ts";
import { DEFAULT_MODELS } from "../models/catalog.ts";
import { installedFolder, modelDirs } from "../models/installed.ts";
import { installModel, listModels, ModelError, removeModel } from "../models/store.ts";
import type { Command } from "./args.ts";

const out = process.stdout;
const err = process.stderr;

/** Pure: the models' folder: --dir, else MODELS_DIR, else DATA_DIR/models, else data/models. */
export function modelsDir(dir: string | undefined, env: Record<string, string | undefined>): string {
  return resolve(dir || env.MODELS_DIR || join(env.DATA_DIR || "data", "models"));
}

/**
 * Pure: whether the models' folder is inside DATA_DIR, whose files are the service user's alone (what the
 * server writes there is 0600/0700; docs/OPERATIONS.md "File modes"). A shared folder elsewhere (the
 * checkout's .tools/models, the image's) keeps the usual modes: other users' servers read it.
 */
export function inDataDir(dir: string, env: Record<string, string | undefined>): boolean {
  const data = resolve(env.DATA_DIR || "data");
  return dir === data || dir.startsWith(data + sep);
}

/** Pure: the folders `models list` reads: the given one, then the shared one (the server's order). */
export function listedDirs(dir: string, shared: string = SHARED_MODELS_DIR): string[] {
  return modelDirs(dir, shared);
}

const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;

export async function runModels(
  cmd: Extract<Command, { kind: "models" }>,
  signal: AbortSignal,
): Promise<void> {
  const dir = modelsDir(cmd.dir, process.env);
  if (cmd.action === "list") {
    // the folders the server reads, in its order: its own (MODELS_DIR, else DATA_DIR/models), then the
    // checkout's (or the image's) shared one that the setup fills
    const dirs = listedDirs(dir);
    const models = await listModels(dirs);
    out.write(`models folders read, as the server reads them: ${dirs.join(", then ")}\n`);
    const width = Math.max(...models.map((m) => m.id.length));
    for (const m of models) {
      const where = m.installed ? `  in ${installedFolder(dirs, m.id)}` : "";
      out.write(
        `${m.id.padEnd(width)} ${(m.installed ? "installed" : m.diskBytes ? "partial" : "available").padEnd(10)} ${mb(m.size).padStart(7)}  ${m.licence}  ${m.verified ? "checksums official" : "checksums of the carrier only"}  ${m.languages.join(",")}${where}\n`,
      );
    }
    return;
  }
  const ids = cmd.ids.length ? cmd.ids : [...DEFAULT_MODELS];
  if (inDataDir(dir, process.env)) process.umask(0o077);
  for (const id of ids) {
    if (signal.aborted) return;
    if (cmd.action === "remove") {
      await removeModel(dir, id);
      err.write(`removed ${id} from ${dir}\n`);
      continue;
    }
    let shown = -1;
    try {
      await installModel(dir, id, {
        onProgress: (done, total) => {
          const pct = Math.floor((done / total) * 100);
          if (pct >= shown + 10) {
            err.write(`${id}: ${pct}% of ${mb(total)}\n`);
            shown = pct;
          }
        },
      });
    } catch (e) {
      if (!(e instanceof ModelError)) throw e;
      const have = (await listModels(dir)).filter((m) => m.installed).map((m) => m.id);
      throw new ModelError(
        e.code,
        `${e.message}\ninstalled here: ${have.join(", ") || "none (recognition falls back to pocketsphinx, English only)"}`,
      );
    }
    err.write(`${id} installed in ${dir}\n`);
  }
}
