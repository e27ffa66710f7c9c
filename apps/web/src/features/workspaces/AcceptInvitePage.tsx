import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { acceptInvite } from "./api.ts";
import { setCurrentWorkspaceId } from "./current.ts";

/**
 * One acceptance per token in this page's life: React's StrictMode runs an effect twice in development,
 * and a second POST of a used token answers 404.
 */
const accepting = new Map<string, ReturnType<typeof acceptInvite>>();
function acceptOnce(token: string) {
  const started = accepting.get(token);
  if (started) return started;
  const accepted = acceptInvite(token);
  accepting.set(token, accepted);
  return accepted;
}

/** The emailed link (`/invite/{token}`): signed in (the route asks for it), joins and opens the workspace. */
export default function AcceptInvitePage() {
  usePageTitle("Invitation");
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [error, setError] = useState("");

  useEffect(() => {
    let cancelled = false;
    acceptOnce(token).then(
      async ({ workspaceId }) => {
        if (cancelled) return;
        setCurrentWorkspaceId(workspaceId);
        await client.resetQueries();
        navigate("/projects", { replace: true });
      },
      (e: Error) => !cancelled && setError(e.message),
    );
    return () => {
      cancelled = true;
    };
  }, [token, client, navigate]);

  return <p className="text-sm text-slate-700">{error || "Joining the workspace…"}</p>;
}
