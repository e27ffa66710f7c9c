import { type Role, roleAtLeast } from "@dubbing/contract";

/**
 * Why `actor` (with its role) may not give `target` (with its role) the role `next` (undefined: remove
 * them), or null when it may. Admins manage members up to admin; only the owner hands the workspace over
 * (then becomes an admin); the owner is never removed nor demoted but by handing over; a member may leave.
 */
export function memberChangeRefusal(
  actor: { id: string; role: Role },
  target: { id: string; role: Role },
  next: Role | undefined,
): string | null {
  if (target.role === "owner")
    return next === "owner"
      ? null
      : "The owner cannot be removed or given another role: the owner hands the workspace over first.";
  if (next === "owner") return actor.role === "owner" ? null : "Only the owner can hand the workspace over.";
  if (next === undefined && actor.id === target.id) return null;
  if (!roleAtLeast(actor.role, "admin")) return "Only an admin or the owner can manage members.";
  return null;
}
