import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ProgressEvent, ProjectDetail } from "../../api/types.ts";
import { projectKey, projectsKey } from "../projects/api.ts";
import { translationsKey } from "./api.ts";

/** The key of a job in the progress map: the kind, plus the language for translate and dub. */
export const jobKey = (kind: ProgressEvent["kind"], language?: string | null) =>
  language ? `${kind}:${language}` : kind;

const FINISHED = new Set(["ready", "translated", "dubbed", "failed", "done", "completed", "error"]);
export const isFinished = (e: Pick<ProgressEvent, "status" | "percent">) => FINISHED.has(e.status);

/**
 * Follows GET /api/video/{id}/events (Server-Sent Events, event `progress`): keeps the latest event per job
 * and reloads the project or its translations when a job finishes.
 */
export function useProjectEvents(id: string) {
  const client = useQueryClient();
  const [jobs, setJobs] = useState<Record<string, ProgressEvent>>({});
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/video/${encodeURIComponent(id)}/events`, { withCredentials: true });
    const onProgress = (message: MessageEvent<string>) => {
      let event: ProgressEvent;
      try {
        event = JSON.parse(message.data) as ProgressEvent;
      } catch {
        return;
      }
      setJobs((all) => ({ ...all, [jobKey(event.kind, event.language)]: event }));
      if (event.kind === "ingest" || event.kind === "transcribe") {
        client.setQueryData<ProjectDetail>(projectKey(id), (p) =>
          p && !isFinished(event) ? { ...p, progress: event.percent, statusMessage: event.message } : p,
        );
        if (isFinished(event)) {
          client.invalidateQueries({ queryKey: projectKey(id), exact: true });
          client.invalidateQueries({ queryKey: projectsKey, exact: true });
        }
      } else if (isFinished(event)) {
        client.invalidateQueries({ queryKey: translationsKey(id) });
      }
    };
    source.addEventListener("progress", onProgress as EventListener);
    return () => source.close();
  }, [id, client]);
  return jobs;
}
