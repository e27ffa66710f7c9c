import type { AdminUser } from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { buttonSecondary, inputBase } from "../../components/button-styles.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { notify } from "../toast/toast-store.ts";
import { adminKey, deleteUser, formatBytes, resumeUser, suspendUser, useAdminUsers } from "./api.ts";
import { InviteUser } from "./InviteUser.tsx";
import { PlanPicker } from "./PlanPicker.tsx";
import { ColumnHeads, card, Pager, QueryState, Time, td } from "./parts.tsx";

type Pending = { kind: "suspend" | "resume" | "delete"; user: AdminUser } | null;

const minutes = (seconds: number) => `${Math.round(seconds / 60)} min`;

/** Find accounts; suspend, resume or delete one (each confirmed first). */
export function UsersSection({ me }: { me: string }) {
  const searchId = useId();
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [pages, setPages] = useState<string[]>([]);
  const users = useAdminUsers(q, pages.at(-1));
  const [pending, setPending] = useState<Pending>(null);

  return (
    <section aria-labelledby={`${searchId}-h`} className={card}>
      <h2 id={`${searchId}-h`} className="text-lg font-semibold text-slate-900">
        Users
      </h2>
      <InviteUser />
      <form
        className="mt-4 flex max-w-lg gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(text.trim());
          setPages([]);
        }}
      >
        <label htmlFor={searchId} className="sr-only">
          Search users by email
        </label>
        <input
          id={searchId}
          type="search"
          className={inputBase}
          placeholder="Search by email"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={buttonSecondary}>
          Search
        </button>
      </form>
      <div className="mt-4 overflow-x-auto">
        <QueryState
          query={users}
          what="users"
          isEmpty={(d) => d.users.length === 0}
          empty={q ? `No user's email contains "${q}".` : "There are no users yet."}
        >
          {(data) => (
            <>
              <UsersTable users={data.users} q={q} me={me} onAct={setPending} />
              <Pager
                next={data.next}
                atStart={pages.length === 0}
                onOlder={() => data.next && setPages([...pages, data.next])}
                onNewest={() => setPages([])}
              />
            </>
          )}
        </QueryState>
      </div>
      <UserActionDialog pending={pending} onDone={() => setPending(null)} />
    </section>
  );
}

/** The page of users as a table, each with its actions (not on one's own account). */
function UsersTable({
  users,
  q,
  me,
  onAct,
}: {
  users: AdminUser[];
  q: string;
  me: string;
  onAct: (pending: Pending) => void;
}) {
  return (
    <table className="min-w-full divide-y divide-slate-200">
      <caption className="sr-only">Users{q ? ` whose email contains "${q}"` : ""}, newest first</caption>
      <ColumnHeads names={["Email", "Plan", "Usage this month", "Stored", "Joined", "Status"]} actions />
      <tbody className="divide-y divide-slate-100">
        {users.map((user) => (
          <tr key={user.id} data-testid="admin-user-row">
            <th scope="row" className={`${td} font-medium`}>
              {user.email}
              {user.isAdmin && <span className="ml-2 text-xs text-indigo-700">(admin)</span>}
            </th>
            <td className={td}>
              <PlanPicker user={user} />
            </td>
            <td className={td}>
              {minutes(user.usage.transcribedSeconds + user.usage.dubbedSeconds)}{" "}
              {user.usage.limitSeconds === null ? "(no limit)" : `of ${minutes(user.usage.limitSeconds)}`}
              {user.sharedWorkspaces > 0 && (
                <span className="block text-xs text-slate-500">
                  with {user.sharedWorkspaces} shared{" "}
                  {user.sharedWorkspaces === 1 ? "workspace" : "workspaces"} it owns
                </span>
              )}
            </td>
            <td className={td}>{formatBytes(user.storedBytes)}</td>
            <td className={td}>
              <Time iso={user.createdAt} />
            </td>
            <td className={td}>
              {user.suspendedAt ? (
                <span className="font-semibold text-red-700">Suspended</span>
              ) : (
                <span className="text-green-700">Active</span>
              )}
            </td>
            <td className={`${td} whitespace-nowrap`}>
              {user.email !== me && (
                <div className="flex gap-2">
                  <button
                    type="button"
                    className="font-semibold text-indigo-700 hover:underline"
                    aria-label={`${user.suspendedAt ? "Resume" : "Suspend"} ${user.email}`}
                    onClick={() => onAct({ kind: user.suspendedAt ? "resume" : "suspend", user })}
                  >
                    {user.suspendedAt ? "Resume" : "Suspend"}
                  </button>
                  <button
                    type="button"
                    className="font-semibold text-red-700 hover:underline"
                    aria-label={`Delete ${user.email}`}
                    onClick={() => onAct({ kind: "delete", user })}
                  >
                    Delete
                  </button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Confirms suspending, resuming or deleting a user (deleting asks for their email typed), then does it. */
function UserActionDialog({ pending, onDone }: { pending: Pending; onDone: () => void }) {
  const [typed, setTyped] = useState("");
  const client = useQueryClient();

  const act = async () => {
    if (!pending) return;
    const { kind, user } = pending;
    if (kind === "suspend") await suspendUser(user.id);
    else if (kind === "resume") await resumeUser(user.id);
    else await deleteUser(user.id, typed);
    await client.invalidateQueries({ queryKey: adminKey });
    notify.success(
      kind === "suspend"
        ? `${user.email} is suspended.`
        : kind === "resume"
          ? `${user.email} can use the service again.`
          : `${user.email}'s account was deleted.`,
    );
    onDone();
    setTyped("");
  };

  return (
    <ConfirmDialog
      open={pending !== null}
      title={
        pending?.kind === "suspend"
          ? `Suspend ${pending.user.email}?`
          : pending?.kind === "resume"
            ? `Resume ${pending.user.email}?`
            : `Delete ${pending?.user.email ?? ""}?`
      }
      confirmLabel={
        pending?.kind === "suspend" ? "Suspend" : pending?.kind === "resume" ? "Resume" : "Delete account"
      }
      busyLabel="Working..."
      disabled={pending?.kind === "delete" && typed.trim().toLowerCase() !== pending.user.email}
      onConfirm={act}
      onClose={() => {
        onDone();
        setTyped("");
      }}
    >
      {pending?.kind === "suspend" && (
        <p>
          Their sessions and API keys stop working at once, and they cannot sign in until resumed. Nothing is
          deleted.
        </p>
      )}
      {pending?.kind === "resume" && <p>Their sessions and API keys work again, and they can sign in.</p>}
      {pending?.kind === "delete" && (
        <>
          <p>
            Every project, dub, storyboard and file of this account is deleted, its subscription cancelled.
            This cannot be undone.
          </p>
          <label className="block font-medium text-slate-800">
            Type the account's email to confirm
            <input
              className={`${inputBase} mt-1`}
              value={typed}
              autoComplete="off"
              onChange={(event) => setTyped(event.target.value)}
            />
          </label>
        </>
      )}
    </ConfirmDialog>
  );
}
