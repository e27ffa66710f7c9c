import { type Role, roleAtLeast } from "./workspaces.ts";

/**
 * What a member may do in a workspace, and the least role each needs: the one table the server enforces
 * (every workspace route declares its action, apps/server/src/auth/access.ts `member`) and the screens
 * follow (a control is offered only to a role that may use it). A change here is a security review.
 */
export const ACTION_ROLES = {
  /** See the workspace's projects, translations, dubs, storyboards, voices and members. */
  view: "viewer",
  /** Comment on a translation's lines, reply, resolve a thread. */
  comment: "reviewer",
  /** Approve a translation or request changes (an editor also sends it for review: review/transitions.ts). */
  review: "reviewer",
  /** Upload or import a video; change a project's transcript, speakers, title; import subtitles. */
  edit: "editor",
  /** Translate (again), edit and save a translation, delete it. */
  translate: "editor",
  /** Dub a translation, or every one. */
  dub: "editor",
  /** Choose a speaker's voice, clone one, save to or change My voices. */
  voices: "editor",
  /** Change a project's or the workspace's glossary. */
  glossary: "editor",
  /** Make and change storyboards. */
  storyboard: "editor",
  /** Delete a project or a storyboard. */
  delete: "admin",
  /** Invite, change a member's role, remove a member. */
  members: "admin",
  /** The workspace's name and settings. */
  settings: "admin",
  /** Webhooks and API keys of the workspace. */
  integrations: "admin",
  /** Delete the workspace (its owner, signed in). */
  deleteWorkspace: "owner",
} as const satisfies Record<string, Role>;

export type Action = keyof typeof ACTION_ROLES;

/** Whether a member with `role` may do `action` (no role: not a member, nothing). */
export function may(role: Role | null | undefined, action: Action): boolean {
  return role != null && roleAtLeast(role, ACTION_ROLES[action]);
}

/** Why `role` may not do `action`: the words of the server's 403 and of a screen's note. */
export function refusalFor(role: Role, action: Action): string {
  return `Your role in this workspace (${role}) cannot do this: it needs ${ACTION_ROLES[action]} or more.`;
}
