import type { MyVoice, SpeakerStyle, VoiceOffer } from "@dubbing/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, jsonBody } from "../../api/client.ts";
import { withWorkspace } from "../workspaces/current.ts";

export const MY_VOICES_KEY = ["voices", "mine"] as const;

/** The user's own voices (My voices), shared by every picker. */
export function useMyVoices() {
  return useQuery({
    queryKey: MY_VOICES_KEY,
    queryFn: () => apiFetch<{ voices: MyVoice[] }>(withWorkspace("/api/voices/mine")).then((r) => r.voices),
    staleTime: 60_000,
  });
}

/**
 * "A voice heard before": the user's voices that sound like this project's speakers (as saved). Under
 * MY_VOICES_KEY, so saving or deleting a voice asks again.
 */
export function useVoiceOffers(projectId: string) {
  return useQuery({
    queryKey: [...MY_VOICES_KEY, "offers", projectId],
    queryFn: () =>
      apiFetch<{ offers: VoiceOffer[] }>(
        `/api/video/${encodeURIComponent(projectId)}/voices-heard-before`,
      ).then((r) => r.offers),
    staleTime: 60_000,
  });
}

/** Refreshes the pickers after the library changed. */
export function useRefreshMyVoices() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: MY_VOICES_KEY });
}

/** "Save to My voices": the server reads the speaker as saved in the project. */
export const saveToMyVoices = (projectId: string, speakerId: string) =>
  apiFetch<MyVoice>(withWorkspace("/api/voices/mine"), jsonBody("POST", { projectId, speakerId }));

export const renameMyVoice = (id: string, name: string) =>
  apiFetch<MyVoice>(`/api/voices/mine/${encodeURIComponent(id)}`, jsonBody("PATCH", { name }));

export const deleteMyVoice = (id: string) =>
  apiFetch<null>(`/api/voices/mine/${encodeURIComponent(id)}`, { method: "DELETE" });

/** Pure: a speaker's style once it takes a library voice (its own measures are kept, the rest replaced). */
export function styleFromMyVoice(voice: MyVoice, current: SpeakerStyle | undefined): SpeakerStyle {
  return { ...voice.style, ...(current?.measured ? { measured: current.measured } : {}) };
}

/** Pure: how a library voice speaks, in a few words ("Ava · 150 Hz, 4.5 syllables/s"). */
export function describeMyVoice(voice: MyVoice, catalogName: string): string {
  const { style } = voice;
  if (!style.match) return `${catalogName} · its own pitch and pace`;
  const parts = [
    style.pitchHz !== undefined ? `${style.pitchHz} Hz` : "",
    style.syllablesPerSec !== undefined ? `${style.syllablesPerSec} syllables/s` : "",
  ].filter(Boolean);
  return parts.length ? `${catalogName} · ${parts.join(", ")}` : `${catalogName} · matches the speaker`;
}
