import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { acceptInvite } from "./api.ts";
import { setCurrentWorkspaceId } from "./current.ts";

/** The emailed link (`/invite/{token}`): signed in (the route asks for it), joins and opens the workspace. */
export default function AcceptInvitePage() {
  usePageTitle("Invitation");
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [error, setError] = useState("");

  useEffect(() => {
    let cancelled = false;
    acceptInvite(token).then(
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
