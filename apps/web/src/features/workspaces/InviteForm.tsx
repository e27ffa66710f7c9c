import type { Invite } from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { invite } from "./api.ts";

const ROLES: Invite["role"][] = ["viewer", "reviewer", "editor", "admin"];

/** Invites an address with a role; the server emails the link. */
export function InviteForm({ workspaceId }: { workspaceId: string }) {
  const client = useQueryClient();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Invite["role"]>("viewer");
  const [status, setStatus] = useState("");

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    try {
      const sent = await invite(workspaceId, email, role);
      setStatus(`Invitation sent to ${sent.email}.`);
      setEmail("");
      await client.invalidateQueries({ queryKey: ["workspaces", workspaceId, "invites"] });
    } catch (error) {
      setStatus((error as Error).message);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col text-sm text-slate-700">
        Email
        <input
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="mt-1 rounded-md border border-slate-300 px-2 py-1"
        />
      </label>
      <label className="flex flex-col text-sm text-slate-700">
        Role
        <select
          value={role}
          onChange={(e) => setRole(e.target.value as Invite["role"])}
          className="mt-1 rounded-md border border-slate-300 px-2 py-1"
        >
          {ROLES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white">
        Invite
      </button>
      <p role="status" className="w-full text-sm text-slate-600">
        {status}
      </p>
    </form>
  );
}
