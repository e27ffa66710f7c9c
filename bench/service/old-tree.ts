// Another commit of this repository, checked out beside it for a bench that prints old and new in one
// run: a detached `git worktree` in a temporary folder, sharing this checkout's installed npm packages
// (except the workspace's own, which point at the old tree's sources) and its .tools (models, Python).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const REPO = path.resolve(import.meta.dirname, "../..");

export interface OldTree {
  /** The checked-out tree's root (its apps/server/src/main.ts is the old server). */
  root: string;
  /** The commit, abbreviated. */
  commit: string;
  remove(): void;
}

/** Checks out `ref` (any commit) in a temporary folder; `remove()` takes it away and forgets it in git. */
export function checkOutOld(ref: string): OldTree {
  const commit = execFileSync("git", ["-C", REPO, "rev-parse", "--short", ref], { encoding: "utf8" }).trim();
  const root = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-old-")), "tree");
  execFileSync("git", ["-C", REPO, "worktree", "add", "--detach", "--quiet", root, commit]);
  const modules = path.join(root, "node_modules");
  mkdirSync(path.join(modules, "@dubbing"), { recursive: true });
  for (const name of readdirSync(path.join(REPO, "node_modules")))
    if (name !== "@dubbing") symlinkSync(path.join(REPO, "node_modules", name), path.join(modules, name));
  // the workspace packages as the old tree has them
  for (const name of readdirSync(path.join(REPO, "node_modules/@dubbing"))) {
    const target = ["server", "web"].includes(name) ? `apps/${name}` : `packages/${name}`;
    symlinkSync(path.join(root, target), path.join(modules, "@dubbing", name));
  }
  symlinkSync(path.join(REPO, ".tools"), path.join(root, ".tools"));
  return {
    root,
    commit,
    remove: () => {
      execFileSync("git", ["-C", REPO, "worktree", "remove", "--force", root]);
      rmSync(path.dirname(root), { recursive: true, force: true });
    },
  };
}
