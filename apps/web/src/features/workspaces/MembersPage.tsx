import { roleAtLeast } from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { removeMember, revokeInvite, useInvites, useMembers, useWorkspaces } from "./api.ts";
import { currentWorkspaceId } from "./current.ts";
import { InviteForm } from "./InviteForm.tsx";

/** The current workspace's members and, for its admins, invitations. */
export default function MembersPage() {
  usePageTitle("Members");
  const { data: workspaces } = useWorkspaces();
  const workspace =
    workspaces?.find((w) => w.id === currentWorkspaceId()) ?? workspaces?.find((w) => w.personal);
  if (!workspace) return null;
  return (
    <Members workspaceId={workspace.id} name={workspace.name} admin={roleAtLeast(workspace.role, "admin")} />
  );
}

function Members({ workspaceId, name, admin }: { workspaceId: string; name: string; admin: boolean }) {
  const client = useQueryClient();
  const { data: members } = useMembers(workspaceId);
  const { data: invites } = useInvites(workspaceId, admin);
  const refresh = () => client.invalidateQueries({ queryKey: ["workspaces", workspaceId] });

  return (
    <div className="max-w-3xl space-y-8">
      <section>
        <h2 className="text-base font-semibold text-slate-900">Members of {name}</h2>
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {members?.map((m) => (
            <li key={m.userId} className="flex items-center justify-between px-4 py-2 text-sm">
              <span>
                {m.email} <span className="text-slate-500">· {m.role}</span>
              </span>
              {admin && m.role !== "owner" && (
                <button
                  type="button"
                  className="text-red-600 hover:text-red-500"
                  onClick={() => void removeMember(workspaceId, m.userId).then(refresh)}
                >
                  Remove {m.email}
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      {admin && (
        <section className="space-y-3">
          <h2 className="text-base font-semibold text-slate-900">Invite someone</h2>
          <InviteForm workspaceId={workspaceId} />
          <ul className="text-sm">
            {invites?.map((i) => (
              <li key={i.id} className="flex items-center justify-between py-1">
                <span>
                  {i.email} · {i.role} · pending
                </span>
                <button
                  type="button"
                  className="text-slate-600 hover:text-slate-900"
                  onClick={() => void revokeInvite(workspaceId, i.id).then(refresh)}
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
