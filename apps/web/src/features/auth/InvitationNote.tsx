import type { InvitePreview } from "@dubbing/contract";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";

/** Pure: the token of an invitation's path (`/invite/{token}`), or null for any other return path. */
export function invitationToken(next: string | null): string | null {
  const match = next ? /^\/invite\/([A-Za-z0-9_-]{1,200})$/.exec(next) : null;
  return match ? match[1]! : null;
}

/**
 * On the sign-in page an invitation's link leads to: which workspace invites, and the address to sign in
 * with (the server's answer for the link's token; nothing for a used, revoked or unknown one).
 */
export function InvitationNote({ next }: { next: string | null }) {
  const token = invitationToken(next);
  const preview = useQuery({
    queryKey: ["invite-preview", token],
    queryFn: () => apiFetch<InvitePreview>(`/api/invites/${encodeURIComponent(token!)}`),
    enabled: token !== null,
    retry: false,
  });
  if (!preview.data) return null;
  return (
    <p data-testid="invitation-note" className="mt-6 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900">
      You are invited to join <strong>{preview.data.workspace}</strong>. Sign in with{" "}
      <strong>{preview.data.email}</strong> to accept.
    </p>
  );
}
