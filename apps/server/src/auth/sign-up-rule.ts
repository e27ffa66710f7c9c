// Who may make a new account (SIGNUP_ALLOWED_EMAILS, the console's invitations, a workspace's pending
// invitations, ADMIN_EMAILS). Asked by
// the identity provider wherever it would create a user, and by the app before it makes an account, so
// every sign-in method obeys it; accounts that exist are never asked. See docs/IDENTITY.md § Sign-up.
import { and, eq, gt } from "drizzle-orm";
import type { SignUpList } from "../config-plans.ts";
import type { Db } from "../db/client.ts";
import { invites, users, workspaceInvites } from "../db/schema.ts";

/** Pure: whether the list lets this address in (no list: anyone; no address: nobody once there is one). */
function listAllows(list: SignUpList | null, email: string | null): boolean {
  if (list === null) return true;
  if (email === null) return false;
  const address = email.trim().toLowerCase();
  return list.emails.has(address) || list.domains.has(address.slice(address.lastIndexOf("@") + 1));
}

/**
 * The rule as the identity provider asks it: the list, the operators' addresses, invitations (the
 * console's, and a workspace's that is still pending: a member who may invite brings the address in, as
 * the console's do), and an address whose app account exists already (made before its identity user
 * was: it keeps signing in).
 */
export function signUpRule(
  db: Db,
  deps: { list: SignUpList | null; adminEmails: ReadonlySet<string> },
): (email: string | null) => Promise<boolean> {
  return async (email) => {
    if (listAllows(deps.list, email)) return true;
    if (email === null) return false;
    const address = email.trim().toLowerCase();
    if (deps.adminEmails.has(address) || (await inviteOf(db, address)) !== null) return true;
    if (await invitedToWorkspace(db, address)) return true;
    const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, address));
    return account !== undefined;
  };
}

/** The plan an invitation to this address names, or null when it has none. */
export async function inviteOf(db: Db, email: string): Promise<{ plan: string } | null> {
  const [row] = await db.select({ plan: invites.plan }).from(invites).where(eq(invites.email, email));
  return row ?? null;
}

/** Whether a workspace invitation to this address is pending (not accepted, revoked nor expired). */
async function invitedToWorkspace(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workspaceInvites.id })
    .from(workspaceInvites)
    .where(and(eq(workspaceInvites.email, email), gt(workspaceInvites.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}
