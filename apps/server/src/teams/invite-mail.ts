import type { Role } from "@dubbing/contract";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation email: who invites, to which workspace, with which role, and the link. */
export function inviteMail(input: {
  inviter: string;
  workspace: string;
  role: Role;
  link: string;
  days: number;
}) {
  const { inviter, workspace, role, link, days } = input;
  const text = [
    `${inviter} invites you to the workspace "${workspace}" on AI Video Dubbing, as ${role}.`,
    "",
    `Join: ${link}`,
    "",
    `The link works once and for ${days} days. Open it signed in with this address, or sign in with it there.`,
    "If you did not expect this, ignore this email.",
  ].join("\n");
  const html = `<p>${escapeHtml(inviter)} invites you to the workspace <b>${escapeHtml(workspace)}</b> on AI Video Dubbing, as ${role}.</p>
<p><a href="${escapeHtml(link)}">Join the workspace</a></p>
<p>The link works once and for ${days} days. Open it signed in with this address, or sign in with it there.</p>`;
  return { subject: `Join "${workspace}" on AI Video Dubbing`, text, html };
}
