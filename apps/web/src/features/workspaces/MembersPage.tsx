import { may, type Workspace } from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { revokeInvite, useInvites, useMembers, useWorkspaces, workspacesKey } from "./api.ts";
import { currentWorkspaceId } from "./current.ts";
import { DeleteWorkspace } from "./DeleteWorkspace.tsx";
import { InviteForm } from "./InviteForm.tsx";
import { MemberRow } from "./MemberRow.tsx";
import { WorkspaceSettings } from "./WorkspaceSettings.tsx";

/** The current workspace: its settings and members and, for its admins, invitations; its deletion for its owner. */
export default function MembersPage() {
  usePageTitle("Members");
  const { data: workspaces } = useWorkspaces();
  const workspace =
    workspaces?.find((w) => w.id === currentWorkspaceId()) ?? workspaces?.find((w) => w.personal);
  // the personal workspace's id is the account's own
  const me = workspaces?.find((w) => w.personal)?.id;
  if (!workspace || !me) return null;
  const admin = may(workspace.role, "members");
  return (
    <div className="max-w-3xl space-y-8">
      {/* keyed: another workspace starts from its own settings */}
      {admin && <WorkspaceSettings key={workspace.id} workspace={workspace} />}
      <Members workspace={workspace} me={me} admin={admin} />
      {may(workspace.role, "deleteWorkspace") && !workspace.personal && (
        <DeleteWorkspace workspace={workspace} />
      )}
    </div>
  );
}

function Members({ workspace, me, admin }: { workspace: Workspace; me: string; admin: boolean }) {
  const client = useQueryClient();
  const { data: members } = useMembers(workspace.id);
  const { data: invites } = useInvites(workspace.id, admin);
  // a change of members can change the caller's own role (handing over) or membership (leaving)
  const refresh = () => client.invalidateQueries({ queryKey: workspacesKey });

  return (
    <>
      <section>
        <h2 className="text-base font-semibold text-slate-900">Members of {workspace.name}</h2>
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {members?.map((m) => (
            <MemberRow
              key={m.userId}
              workspace={workspace}
              member={m}
              caller={{ id: me, role: workspace.role }}
              onChanged={refresh}
            />
          ))}
        </ul>
      </section>
      {admin && (
        <section className="space-y-3">
          <h2 className="text-base font-semibold text-slate-900">Invite someone</h2>
          <InviteForm workspaceId={workspace.id} />
          <ul className="text-sm">
            {invites?.map((i) => (
              <li key={i.id} className="flex items-center justify-between py-1">
                <span>
                  {i.email} · {i.role} · pending
                </span>
                <button
                  type="button"
                  className="text-slate-600 hover:text-slate-900"
                  onClick={() => void revokeInvite(workspace.id, i.id).then(refresh)}
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
