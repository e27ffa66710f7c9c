import { workspaceMembers } from "../src/db/schema.ts";
import type { TestServer } from "./harness.ts";
import { api } from "./http.ts";

/** A new owner's shared workspace with one new member of `role` in it. */
export async function sharedWorkspace(ts: TestServer, role: "viewer" | "editor") {
  const owner = await ts.signIn();
  const member = await ts.signIn();
  const shared: string = (await api(ts.baseUrl, owner.cookie, "POST", "/api/workspaces", { name: "Agency" }))
    .body.id;
  await ts.server.database.db
    .insert(workspaceMembers)
    .values({ workspaceId: shared, userId: member.userId, role });
  return { owner, member, shared };
}
