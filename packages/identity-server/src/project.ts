// Project credentials: from configuration when given, else generated once and kept in the database.
import { randomUUID } from "node:crypto";
import { randomToken } from "./crypto.ts";
import type { IdentityDb, ProjectConfig } from "./options.ts";
import { identityProjects } from "./schema.ts";

export interface ProjectInput {
  projectId?: string;
  publicToken?: string;
  secret?: string;
  redirectUrls: string[];
  allowedOrigins: string[];
  name?: string;
}

/**
 * Returns the project to pass to `identityServer`. Configured credentials (all three) win; with none
 * configured, the first start generates `project-live-…`, `public-token-live-…` and a 256-bit secret and
 * stores them, so every process and every restart uses the same ones. Run after `migrateIdentity`.
 */
export async function ensureProject(db: IdentityDb, input: ProjectInput): Promise<ProjectConfig> {
  const given = [input.projectId, input.publicToken, input.secret].filter(Boolean).length;
  const base = { redirectUrls: input.redirectUrls, allowedOrigins: input.allowedOrigins, name: input.name };
  if (given === 3) {
    return { ...base, projectId: input.projectId!, publicToken: input.publicToken!, secret: input.secret! };
  }
  if (given !== 0) throw new Error("Configure all of project id, public token and secret, or none of them.");
  const uuid = randomUUID();
  await db
    .insert(identityProjects)
    .values({
      projectId: `project-live-${uuid}`,
      publicToken: `public-token-live-${randomUUID()}`,
      secret: `secret-live-${randomToken(32)}`,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(identityProjects).limit(1);
  if (!row) throw new Error("could not create the identity project");
  return { ...base, projectId: row.projectId, publicToken: row.publicToken, secret: row.secret };
}
