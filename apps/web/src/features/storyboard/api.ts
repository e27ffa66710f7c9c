import type { StoryboardGeneration } from "@dubbing/contract";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, jsonBody } from "../../api/client.ts";
import type { Storyboard, StoryboardImage } from "../../api/types.ts";
import { withWorkspace } from "../workspaces/current.ts";

export const storyboardsKey = ["storyboards"] as const;
export const storyboardKey = (id: string) => ["storyboards", id] as const;

export function useStoryboards() {
  return useQuery({
    queryKey: storyboardsKey,
    queryFn: () => apiFetch<Storyboard[]>(withWorkspace("/api/storyboard")),
  });
}

export function useStoryboard(id: string) {
  return useQuery({
    queryKey: storyboardKey(id),
    queryFn: () => apiFetch<Storyboard>(`/api/storyboard/${encodeURIComponent(id)}`),
    retry: false,
    // While a video is being made, follow its job.
    refetchInterval: (q) => (q.state.data?.status === "generating" ? 2000 : false),
  });
}

export const createStoryboard = (title: string, transcript: string) =>
  apiFetch<Storyboard>(withWorkspace("/api/storyboard"), jsonBody("POST", { title, transcript }));

export const updateStoryboard = (storyboard: Storyboard) =>
  apiFetch<Storyboard>(`/api/storyboard/${encodeURIComponent(storyboard._id)}`, jsonBody("PUT", storyboard));

export const searchImages = (query: string) =>
  apiFetch<StoryboardImage[]>(
    withWorkspace(`/api/storyboard/images/search?query=${encodeURIComponent(query)}`),
  );

export const generateVideo = (id: string) =>
  apiFetch<StoryboardGeneration>(`/api/storyboard/${encodeURIComponent(id)}/generate-video`, {
    method: "POST",
  });

/** 'frame' or 'frames'. */
export const frameCount = (n: number) => `${n} ${n === 1 ? "frame" : "frames"}`;

/** A newly found image goes first in the frame and is selected (PRODUCT.md § Behaviour). */
export function withNewImage(storyboard: Storyboard, frameIndex: number, image: StoryboardImage): Storyboard {
  return {
    ...storyboard,
    frames: storyboard.frames.map((f, i) =>
      i === frameIndex ? { ...f, pexelImages: [image, ...f.pexelImages], selectedAssetIndex: 0 } : f,
    ),
  };
}

export function withSelectedImage(
  storyboard: Storyboard,
  frameIndex: number,
  imageIndex: number,
): Storyboard {
  return {
    ...storyboard,
    frames: storyboard.frames.map((f, i) =>
      i === frameIndex ? { ...f, selectedAssetIndex: imageIndex } : f,
    ),
  };
}

export const renameStoryboard = (id: string, title: string) =>
  apiFetch<Storyboard>(`/api/storyboard/${encodeURIComponent(id)}`, jsonBody("PATCH", { title }));

export const deleteStoryboard = (id: string) =>
  apiFetch<null>(`/api/storyboard/${encodeURIComponent(id)}`, { method: "DELETE" });
