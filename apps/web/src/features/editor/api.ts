import type {
  BatchDubAnswer,
  DubAnswer,
  dubBody,
  lineFixSchema,
  SpeechRegions,
  StartedTranslation,
} from "@dubbing/contract";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiError, apiFetch, jsonBody } from "../../api/client.ts";
import type {
  Language,
  ProjectDetail,
  Segment,
  Speaker,
  Translation,
  Translations,
  Voice,
} from "../../api/types.ts";
import { isWorking, projectKey } from "../projects/api.ts";

export const translationsKey = (id: string) => ["projects", id, "translations"] as const;

const isTranslationBusy = (t: Translation) => t.status === "translating" || t.status === "dubbing";

export function useProject(id: string) {
  return useQuery({
    queryKey: projectKey(id),
    queryFn: () => apiFetch<ProjectDetail>(`/api/video/${encodeURIComponent(id)}`),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    // Live progress comes over SSE; polling is the safety net when events cannot get through.
    refetchInterval: (q) => (q.state.data && isWorking(q.state.data) ? 5000 : false),
  });
}

/** Where the project's audio has speech (for placing typed lines); loaded once per project. */
export function useSpeech(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ["video", id, "speech"],
    queryFn: () =>
      apiFetch<SpeechRegions>(`/api/video/${encodeURIComponent(id)}/speech`).then((r) => r.regions),
    enabled,
    staleTime: Infinity,
  });
}

export function useTranslations(id: string, enabled: boolean) {
  return useQuery({
    queryKey: translationsKey(id),
    queryFn: async () => {
      try {
        return await apiFetch<Translations>(`/api/video/${encodeURIComponent(id)}/translations`);
      } catch (error) {
        console.error("Failed to load translations", error);
        throw error;
      }
    },
    enabled,
    refetchInterval: (q) =>
      q.state.data && Object.values(q.state.data).some(isTranslationBusy) ? 5000 : false,
  });
}

export function useLanguages(source: string | null | undefined) {
  return useQuery({
    queryKey: ["languages", source ?? "en"],
    queryFn: () => apiFetch<Language[]>(`/api/languages?source=${encodeURIComponent(source ?? "en")}`),
    staleTime: 5 * 60_000,
  });
}

export function useVoices() {
  return useQuery({
    queryKey: ["voices"],
    queryFn: () => apiFetch<Voice[]>("/api/voices"),
    staleTime: Infinity,
  });
}

export const saveProject = (id: string, video: { speakers: Speaker[]; transcript: Segment[] }) =>
  apiFetch<ProjectDetail>(`/api/video/${encodeURIComponent(id)}`, jsonBody("PUT", { video }));

export const saveTranslation = (id: string, language: string, transcript: Segment[]) =>
  apiFetch<unknown>(
    `/api/video/${encodeURIComponent(id)}/translation`,
    jsonBody("PUT", { language, transcript }),
  );

export const startTranslation = (id: string, language: string) =>
  apiFetch<StartedTranslation>(
    `/api/video/${encodeURIComponent(id)}/translate`,
    jsonBody("POST", { language }),
  );

/** "Translate and dub": every language translated, then dubbed, in one call. */
export const startTranslateAndDub = (id: string, languages: string[]) =>
  apiFetch<BatchDubAnswer>(`/api/video/${encodeURIComponent(id)}/dubs`, jsonBody("POST", { languages }));

export const startDub = (
  id: string,
  language: string,
  opts: Omit<z.infer<typeof dubBody>, "language"> = {},
) => apiFetch<DubAnswer>(`/api/video/${encodeURIComponent(id)}/dub`, jsonBody("POST", { language, ...opts }));

export const deleteTranslation = (id: string, language: string) =>
  apiFetch<null>(`/api/video/${encodeURIComponent(id)}/translations/${encodeURIComponent(language)}`, {
    method: "DELETE",
  });

/** "Reviewed, keep it" on a line of the dub's report card, or taken back. */
/** A one-click fix of a line of the report card: saved, and the dub started again for that line. */
export type LineFix = z.infer<typeof lineFixSchema>;

/** `speaker`: with "move-speaker", the speaker the line moves to. */
export const fixLine = (
  id: string,
  language: string,
  index: number,
  body: { fix: LineFix; speaker?: string },
) =>
  apiFetch<{ translation: Translation }>(
    `/api/video/${encodeURIComponent(id)}/translations/${encodeURIComponent(language)}/lines/${index}/fix`,
    jsonBody("POST", body),
  );

export const reviewLine = (id: string, language: string, index: number, reviewed: boolean) =>
  apiFetch<Translation>(
    `/api/video/${encodeURIComponent(id)}/translations/${encodeURIComponent(language)}/review`,
    jsonBody("PUT", { index, reviewed }),
  );
