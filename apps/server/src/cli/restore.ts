// `npm run restore -- FILE`: an archive of `npm run backup` into an empty DATA_DIR (default ./data).
// Start the server on DATA_DIR afterwards; it runs any migrations the archive's database lacks.

import { mkdir } from "node:fs/promises";
import path from "node:path";
import { claimDataDir } from "../backup/control.ts";
import { restoreBackup } from "../backup/restore.ts";
import { keepNewFilesPrivate, tightenTree } from "../runtime/private-files.ts";

// DATA_DIR is the service user's alone: what the restore writes too (docs/OPERATIONS.md "File modes").
keepNewFilesPrivate();

try {
  const source = process.argv[2];
  if (!source || source.startsWith("-")) throw new Error("usage: npm run restore -- FILE");
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), source);
  await mkdir(dataDir, { recursive: true });
  // no server may start on DATA_DIR while the restore writes it
  const control = await claimDataDir(dataDir);
  try {
    const manifest = await restoreBackup(file, dataDir);
    // tar run by root keeps the modes the archive recorded (an older install's 0644): private again
    await tightenTree(dataDir);
    console.log(`restored ${file} (made ${manifest.createdAt}) into ${dataDir}`);
  } finally {
    await control.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
