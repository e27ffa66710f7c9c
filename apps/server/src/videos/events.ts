import type { FastifyInstance } from "fastify";
import { bearerKey, currentUser, member } from "../auth/access.ts";
import type { Credentials } from "../auth/session-cache.ts";
import { SESSION_COOKIE } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import { type JobTracker, presentJob } from "../jobs/tracker.ts";
import { ProgressHub, type UserStreams } from "./progress-hub.ts";
import type { VideoService } from "./service.ts";

const HEARTBEAT_MS = 15_000;
/** A user's open progress streams (tabs); one more closes the oldest. */
export const MAX_STREAMS_PER_USER = 5;
/**
 * How often a stream checks that the credential it was opened with still holds and that its user is still
 * a member of the project's workspace. The database's notifications (a session or key ended, an account
 * suspended, a member removed, in any process) have every stream check at once; this is for what no
 * statement announces, a session or key reaching its expiry.
 */
const SESSION_RECHECK_MS = 10_000;

/**
 * GET /api/video/{id}/events: Server-Sent Events with the progress of the project's jobs (ingest,
 * transcribe, translate, dub). Progress is read from the database by one poller per process
 * (ProgressHub), so it reaches the browser whichever process runs the job. Each change is one
 * `progress` event: {id, kind, language, status, percent, message, updatedAt}. A stream ends when its
 * session ends, when its user is removed from the project's workspace, when the user opens a sixth one (the oldest goes), or when the server stops.
 */
export function videoEvents(
  app: FastifyInstance,
  deps: { db: Db; videos: VideoService; tracker: JobTracker; streams: UserStreams; credentials: Credentials },
) {
  const hub = new ProgressHub(deps.tracker);
  const closing = new Set<() => void>();
  app.addHook("onClose", async () => {
    for (const close of closing) close();
  });
  // The same records as a list, newest first: what ran on the project and how it ended.
  app.get<{ Params: { id: string } }>("/api/video/:id/jobs", member("view", "project"), async (request) => {
    const project = await deps.videos.get(currentUser(request).id, request.params.id);
    return (await deps.tracker.listForProject(project._id)).map(presentJob);
  });

  app.get<{ Params: { id: string } }>(
    "/api/video/:id/events",
    member("view", "project"),
    async (request, reply) => {
      const user = currentUser(request);
      // a client gone while the project is read: nothing is opened for it
      let gone = false;
      request.raw.once("close", () => {
        gone = true;
      });
      const project = await deps.videos.get(user.id, request.params.id); // 404 once no longer a member
      // the credential the stream was opened with: an API key (Authorization) or the session cookie
      const key = request.headers.authorization ? bearerKey(request.headers.authorization) : null;
      const token = request.cookies[SESSION_COOKIE] ?? "";
      const stillValid = async () => {
        const found = key
          ? await deps.credentials.keys.find(key)
          : await deps.credentials.sessions.find(token);
        if (!found || found.suspended || found.id !== user.id) return false;
        // still a member of the project's workspace (a removed member's stream ends at the next check)
        return (await deps.videos.repo.findVisible(user.id, project._id)) !== null;
      };
      if (gone) return reply.hijack();
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      res.write("retry: 2000\n\n");
      let close!: () => void;
      const ended = new Promise<void>((resolve) => {
        close = resolve;
      });
      closing.add(close);
      request.raw.on("close", close);
      const recheck = async () => {
        if (!(await stillValid().catch(() => false))) close();
      };
      const release = deps.streams.add(user.id, close, () => void recheck());
      const sent = new Map<string, string>();
      const unsubscribe = hub.subscribe(project._id, (rows) => {
        for (const row of rows.toReversed()) {
          const event = presentJob(row);
          const fingerprint = `${event.status}|${event.percent}|${event.message}`;
          if (sent.get(row.id) === fingerprint) continue;
          sent.set(row.id, fingerprint);
          res.write(`event: progress\nid: ${row.id}:${event.percent}\ndata: ${JSON.stringify(event)}\n\n`);
        }
      });
      const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
      const rechecks = setInterval(recheck, SESSION_RECHECK_MS);
      await ended;
      clearInterval(heartbeat);
      clearInterval(rechecks);
      unsubscribe();
      release();
      closing.delete(close);
      res.end();
    },
  );
}
