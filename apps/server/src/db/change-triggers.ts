/** The channel on which the database announces that sessions may have ended (auth/session-cache.ts). */
export const SESSION_ENDED_CHANNEL = "session_ended";

/**
 * Every statement that can end a session — deleting an app session (sign-out, expiry, a deleted account's
 * cascade), revoking or deleting an identity session (revocation, password reset, factor removal, "sign out
 * of all devices") or changing the user a session opens — sends one NOTIFY at commit. Triggers rather than
 * calls in the code, so no path that ends a session can forget to say so. An API key counts as a session
 * here: revoking it (a delete), changing its expiry, scope or owner ends what processes remember of it (its
 * `last_used_at` touch does not). Suspending or resuming an account (users.suspended_at) counts too: its
 * sessions and keys are refused, or work again, at once in every process. Idempotent: run at every start,
 * after both sets of migrations (identity_sessions is the identity provider's table).
 */
export const SESSION_TRIGGERS_SQL = `
CREATE OR REPLACE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${SESSION_ENDED_CHANNEL}', '');
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER sessions_ended AFTER DELETE OR UPDATE OF id, user_id, expires_at, identity_session_id
  ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_session_ended();
CREATE OR REPLACE TRIGGER identity_sessions_ended AFTER DELETE OR UPDATE OF user_id, revoked_at, expires_at
  ON identity_sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_session_ended();
CREATE OR REPLACE TRIGGER api_keys_ended AFTER DELETE OR UPDATE OF id, user_id, key_hash, scope, expires_at
  ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION notify_session_ended();
CREATE OR REPLACE TRIGGER users_changed AFTER DELETE OR UPDATE OF id, email, suspended_at
  ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_session_ended();
`;

/** The channel on which the database announces that a project, its speakers or its transcript changed. */
export const PROJECTS_CHANGED_CHANNEL = "projects_changed";

/**
 * Every statement that writes a project, its speakers or its segments, or who is a member of which workspace
 * (a removed member's cached reads go at once), sends one NOTIFY at commit, so the
 * embedded mode's project read cache (videos/read-cache.ts) can never answer with what was overwritten,
 * whichever code wrote it (requests, jobs, retention, account deletion's cascade).
 */
export const PROJECT_TRIGGERS_SQL = `
CREATE OR REPLACE FUNCTION notify_projects_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${PROJECTS_CHANGED_CHANNEL}', '');
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER projects_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON projects FOR EACH STATEMENT EXECUTE FUNCTION notify_projects_changed();
CREATE OR REPLACE TRIGGER speakers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON speakers FOR EACH STATEMENT EXECUTE FUNCTION notify_projects_changed();
CREATE OR REPLACE TRIGGER segments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON segments FOR EACH STATEMENT EXECUTE FUNCTION notify_projects_changed();
CREATE OR REPLACE TRIGGER workspace_members_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON workspace_members FOR EACH STATEMENT EXECUTE FUNCTION notify_projects_changed();
`;

/** The channel on which the database announces that translations were deleted (their clip caches go). */
export const TRANSLATIONS_DELETED_CHANNEL = "translations_deleted";

/**
 * Every statement that deletes translations — a project's deletion and its cascade, retention, an account's
 * deletion — sends one NOTIFY at commit, so every worker removes its local clip caches of them at once
 * rather than at its hourly sweep (server.ts). Idempotent: run at every start.
 */
export const TRANSLATION_TRIGGERS_SQL = `
CREATE OR REPLACE FUNCTION notify_translations_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${TRANSLATIONS_DELETED_CHANNEL}', '');
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER translations_deleted AFTER DELETE OR TRUNCATE
  ON translations FOR EACH STATEMENT EXECUTE FUNCTION notify_translations_deleted();
`;

/** The channel on which the database announces that someone stopped being a member of a workspace. */
export const MEMBERS_REMOVED_CHANNEL = "workspace_members_removed";

/**
 * Every statement that takes a member out of a workspace (a removal, a workspace's or an account's deletion
 * and their cascades) sends one NOTIFY at commit, so every process checks its open progress streams again at
 * once rather than at their next periodic check (videos/events.ts). Idempotent: run at every start.
 */
export const MEMBERSHIP_TRIGGERS_SQL = `
CREATE OR REPLACE FUNCTION notify_members_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${MEMBERS_REMOVED_CHANNEL}', '');
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER workspace_members_removed AFTER DELETE OR UPDATE OF workspace_id, user_id OR TRUNCATE
  ON workspace_members FOR EACH STATEMENT EXECUTE FUNCTION notify_members_removed();
`;
