import { type Member, may, type Role } from "@dubbing/contract";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { notify } from "../toast/toast-store.ts";
import { removeMember, setMemberRole } from "./api.ts";

const GIVEN: Role[] = ["viewer", "reviewer", "editor", "admin"];

/**
 * One member: their role, which an admin changes; the owner's "Make owner" hands the workspace over; an
 * admin removes them; the member themself leaves. The server's rules decide (teams/member-rules.ts); its
 * refusal is shown as it says it.
 */
export function MemberRow({
  workspace,
  member,
  caller,
  onChanged,
}: {
  workspace: { id: string; name: string; personal: boolean };
  member: Member;
  caller: { id: string; role: Role };
  onChanged: () => Promise<unknown>;
}) {
  const [handing, setHanding] = useState(false);
  const admin = may(caller.role, "members");
  const self = member.userId === caller.id;
  const attempt = (what: string, work: () => Promise<unknown>) =>
    work()
      .then(onChanged)
      .catch((error: Error) => notify.error(error.message || `${what} did not work.`));

  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
      <span>
        {member.email}
        {self && <span className="text-slate-500"> (you)</span>}
      </span>
      <span className="flex items-center gap-3">
        {member.role === "owner" || !admin || self ? (
          <span className="text-slate-500">{member.role}</span>
        ) : (
          <select
            aria-label={`Role of ${member.email}`}
            value={member.role}
            onChange={(e) =>
              void attempt("Changing the role", () =>
                setMemberRole(workspace.id, member.userId, e.target.value as Role),
              )
            }
            className="rounded-md border border-slate-300 px-2 py-1"
          >
            {GIVEN.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        )}
        {caller.role === "owner" && !workspace.personal && member.role !== "owner" && (
          <button
            type="button"
            className="text-indigo-600 hover:text-indigo-500"
            onClick={() => setHanding(true)}
          >
            Make owner
          </button>
        )}
        {member.role !== "owner" && (self || admin) && (
          <button
            type="button"
            className="text-red-600 hover:text-red-500"
            onClick={() => void attempt("Removing", () => removeMember(workspace.id, member.userId))}
          >
            {self ? "Leave" : `Remove ${member.email}`}
          </button>
        )}
      </span>
      <ConfirmDialog
        open={handing}
        title={`Hand ${workspace.name} over to ${member.email}?`}
        confirmLabel="Make owner"
        busyLabel="Handing over..."
        onClose={() => setHanding(false)}
        onConfirm={async () => {
          await setMemberRole(workspace.id, member.userId, "owner");
          setHanding(false);
          await onChanged();
        }}
      >
        <p>
          {member.email} becomes the owner: their plan pays for the workspace's work from now on, and only
          they can delete it. You stay as an admin.
        </p>
      </ConfirmDialog>
    </li>
  );
}
