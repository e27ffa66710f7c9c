import type { ClonedVoice, CloningInfo, MyVoice } from "@dubbing/contract";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, jsonBody } from "../../api/client.ts";

/** Whether this server clones voices, and the consent sentence it asks for. */
export function useCloningInfo() {
  return useQuery({
    queryKey: ["voices", "cloning"],
    queryFn: () => apiFetch<CloningInfo>("/api/voices/cloning"),
    staleTime: 5 * 60_000,
  });
}

/** "Clone this speaker's voice", with the user's consent. */
export const cloneSpeakerVoice = (projectId: string, speakerId: string) =>
  apiFetch<ClonedVoice>(
    `/api/video/${encodeURIComponent(projectId)}/speakers/${encodeURIComponent(speakerId)}/clone`,
    jsonBody("POST", { consent: true }),
  );

/** Keeps a cloned voice when the project it came from is deleted. */
export const keepMyVoice = (id: string) =>
  apiFetch<MyVoice>(`/api/voices/mine/${encodeURIComponent(id)}`, jsonBody("PATCH", { saved: true }));

/** Pure: a speaker's voice value names a cloned voice ("cloned:<engine>:<id>"). */
export const isClonedVoice = (value: string) => value.startsWith("cloned:");

/** A cloned voice of My voices speaking a sample language. */
export const clonedVoiceSampleUrl = (id: string, language: string) =>
  `/api/voices/mine/${encodeURIComponent(id)}/sample/${encodeURIComponent(language)}`;
