import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Role } from "@dubbing/contract";
import type { Db } from "../src/db/client.ts";
import { projects, translations, workspaceMembers } from "../src/db/schema.ts";
import { createWorkspace } from "../src/workspaces/repository.ts";

// The API fuzzer as a member of a shared workspace with each role (test/api-fuzz.test.ts, the bench's
// bench/security/api-fuzz.ts): its generated requests name the workspace and its project (a config file
// fixes `?workspaceId=` and the project's `{id}`), and what the owner reads of the workspace before and
// after each run shows that nothing changed that the role may not change.

/** The member roles the fuzzer runs as, least first. */
export const FUZZ_ROLES = ["viewer", "reviewer", "editor", "admin"] as const satisfies Role[];

/** The operations a role run fuzzes: those that act in a workspace (its `?workspaceId=` or its project). */
export const ROLE_RUN_PATHS =
  "^/api/(video|workspaces/|account/glossary|webhooks|voices/mine|storyboard|usage)";

/**
 * Operations left out of the role runs besides FUZZ_EXCLUDED, each with its reason: the rest of the run
 * needs the workspace's project (route-access.test walks these routes' roles).
 */
export const ROLE_RUN_EXCLUDED: Record<string, string> = {
  "DELETE /api/video/{id}": "an admin's run would delete the project every other operation names",
  "DELETE /api/workspaces/{id}/members/{userId}": "a member's run leaving the workspace would end it",
};

/**
 * A shared workspace of `ownerId` with `memberId` in it as `role`, and a project with a translation (so
 * that the routes naming it get past "no such project"): what a role run fuzzes.
 */
export async function seedRoleWorkspace(db: Db, ownerId: string, memberId: string, role: Role) {
  const workspace = await createWorkspace(db, ownerId, `Fuzzed as ${role}`);
  await db.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: memberId, role });
  const [project] = await db
    .insert(projects)
    .values({
      userId: ownerId,
      workspaceId: workspace.id,
      title: "Fuzzed",
      status: "ready",
      originalKey: "x",
      originalName: "x.mp4",
      sizeBytes: 1,
      durationMs: 5000,
    })
    .returning();
  await db.insert(translations).values({
    projectId: project!.id,
    language: "es",
    status: "translated",
    transcript: [{ speaker: "s1", text: "Hola", start: 0, end: 1000 }],
  });
  return { workspaceId: workspace.id, projectId: project!.id };
}

/**
 * The fuzzer's config (schemathesis.toml) for a workspace's member: every `?workspaceId=` is the
 * workspace's; `{id}` is its project under /api/video, the workspace under /api/workspaces.
 */
export async function writeRoleFuzzConfig(
  dir: string,
  target: { workspaceId: string; projectId: string },
): Promise<string> {
  const file = path.join(dir, "schemathesis-roles.toml");
  await writeFile(
    file,
    [
      "[parameters]",
      `"query.workspaceId" = "${target.workspaceId}"`,
      "",
      "[[operations]]",
      'include-path-regex = "^/api/video/"',
      `parameters = { "path.id" = "${target.projectId}" }`,
      "",
      "[[operations]]",
      'include-path-regex = "^/api/workspaces/"',
      `parameters = { "path.id" = "${target.workspaceId}" }`,
      "",
    ].join("\n"),
  );
  return file;
}

/** What the owner reads of the workspace, by the least role that may change it. */
type Reads = Record<string, { role: Role; url: string; pick?: (body: unknown) => unknown }>;

function reads(workspaceId: string, projectId: string): Reads {
  const ws = `workspaceId=${workspaceId}`;
  return {
    settings: {
      role: "admin",
      url: "/api/workspaces",
      pick: (b) => (b as { workspaces: { id: string }[] }).workspaces.find((w) => w.id === workspaceId),
    },
    members: { role: "admin", url: `/api/workspaces/${workspaceId}/members` },
    invites: { role: "admin", url: `/api/workspaces/${workspaceId}/invites` },
    webhooks: { role: "admin", url: `/api/webhooks?${ws}` },
    projects: { role: "editor", url: `/api/video?${ws}` },
    project: { role: "editor", url: `/api/video/${projectId}` },
    text: {
      role: "editor",
      url: `/api/video/${projectId}/translations`,
      pick: (b) => Object.values(b as Record<string, { transcript: unknown }>).map((t) => t.transcript),
    },
    reviews: {
      role: "reviewer",
      url: `/api/video/${projectId}/translations`,
      pick: (b) => Object.values(b as Record<string, { review: unknown }>).map((t) => t.review),
    },
    comments: { role: "reviewer", url: `/api/video/${projectId}/comments` },
    glossary: { role: "editor", url: `/api/account/glossary?${ws}` },
    voices: { role: "editor", url: `/api/voices/mine?${ws}` },
    storyboards: { role: "editor", url: `/api/storyboard?${ws}` },
  };
}

/** Signed links change at every read: left out of what is compared. */
function withoutLinks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutLinks);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !/url$/i.test(k))
        .map(([k, v]) => [k, withoutLinks(v)]),
    );
  return value;
}

/** The workspace as its owner reads it, by part (each part's least role to change it beside it). */
export async function readWorkspace(
  baseUrl: string,
  ownerCookie: string,
  target: { workspaceId: string; projectId: string },
): Promise<Map<string, { role: Role; seen: string }>> {
  const out = new Map<string, { role: Role; seen: string }>();
  for (const [part, read] of Object.entries(reads(target.workspaceId, target.projectId))) {
    const res = await fetch(`${baseUrl}${read.url}`, { headers: { cookie: ownerCookie } });
    const body = await res.json();
    out.set(part, {
      role: read.role,
      seen: JSON.stringify([res.status, withoutLinks(read.pick ? read.pick(body) : body)]),
    });
  }
  return out;
}

/** The parts a member with `role` changed though their role may not change them. */
export function changedBeyond(
  role: Role,
  before: Map<string, { role: Role; seen: string }>,
  after: Map<string, { role: Role; seen: string }>,
): string[] {
  const rank = ["viewer", "reviewer", "editor", "admin", "owner"];
  return [...before]
    .filter(([part, b]) => rank.indexOf(b.role) > rank.indexOf(role) && after.get(part)?.seen !== b.seen)
    .map(([part, b]) => `${part}: ${b.seen.slice(0, 200)} → ${after.get(part)?.seen.slice(0, 200)}`);
}
