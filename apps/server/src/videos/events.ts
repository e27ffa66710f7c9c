import type { FastifyInstance } from "fastify";
import { currentUser } from "../http/auth.ts";
import { type JobTracker, presentJob } from "../jobs/tracker.ts";
import type { VideoService } from "./service.ts";

const POLL_MS = 400;
const HEARTBEAT_MS = 15_000;

/**
 * GET /api/video/{id}/events: Server-Sent Events with the progress of the project's jobs (ingest,
 * transcribe, translate, dub). Progress is read from the database, so it reaches the browser whichever
 * process runs the job. Each change is one `progress` event: {id, kind, language, status, percent, message}.
 */
export function videoEvents(app: FastifyInstance, deps: { videos: VideoService; tracker: JobTracker }) {
  let shuttingDown = false;
  app.addHook("onClose", async () => {
    shuttingDown = true;
  });
  // The same records as a list, newest first: what ran on the project and how it ended.
  app.get<{ Params: { id: string } }>("/api/video/:id/jobs", async (request) => {
    const project = await deps.videos.get(currentUser(request).id, request.params.id);
    return (await deps.tracker.listForProject(project._id)).map(presentJob);
  });

  app.get<{ Params: { id: string } }>("/api/video/:id/events", async (request, reply) => {
    const user = currentUser(request);
    const project = await deps.videos.get(user.id, request.params.id); // 404 for another user's project
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    res.write("retry: 2000\n\n");
    const sent = new Map<string, string>();
    let closed = false;
    request.raw.on("close", () => {
      closed = true;
    });
    let lastWrite = Date.now();
    while (!closed && !shuttingDown) {
      try {
        const rows = await deps.tracker.listForProject(project._id);
        for (const row of rows.reverse()) {
          const event = presentJob(row);
          const fingerprint = `${event.status}|${event.percent}|${event.message}`;
          if (sent.get(row.id) === fingerprint) continue;
          sent.set(row.id, fingerprint);
          res.write(`event: progress\nid: ${row.id}:${event.percent}\ndata: ${JSON.stringify(event)}\n\n`);
          lastWrite = Date.now();
        }
        if (Date.now() - lastWrite > HEARTBEAT_MS) {
          res.write(": keep-alive\n\n");
          lastWrite = Date.now();
        }
      } catch (error) {
        request.log.warn({ err: error }, "event stream stopped");
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    res.end();
  });
}
