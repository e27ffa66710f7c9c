// The spec's YouTube rule lives in the contract (PRODUCT.md § Input rules; the server applies it to link imports too).
export { YOUTUBE_ID_LENGTH, youtubeId } from "@dubbing/contract";

export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}`;
}
