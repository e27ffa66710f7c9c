import type { PgBoss } from "pg-boss";
import type { QueueName } from "./queue.ts";

export interface JobPayloads {
  ingest: { projectId: string; trackId?: string };
  transcribe: { projectId: string; trackId: string };
  translate: { projectId: string; language: string; trackId: string };
  dub: { projectId: string; language: string; trackId: string };
  retention: Record<string, never>;
  storyboard: { storyboardId: string; trackId: string; voice: string; language: string; subtitles: boolean };
}

export interface JobSender {
  send<N extends QueueName>(name: N, data: JobPayloads[N]): Promise<string>;
}

export function bossSender(boss: PgBoss): JobSender {
  return {
    async send(name, data) {
      const id = await boss.send(name, data);
      if (!id) throw new Error(`the queue refused a ${name} job`);
      return id;
    },
  };
}
