/** A YouTube video id is 11 characters (PRODUCT.md § Input rules). */
export const YOUTUBE_ID_LENGTH = 11;

const PATTERN =
  /(?:youtu\.be\/|youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/|v\/))([A-Za-z0-9_-]+)/;

/** The video id of a YouTube link, or null when the link has no 11-character id. */
export function youtubeId(link: string): string | null {
  const match = PATTERN.exec(link.trim());
  const id = match?.[1];
  return id && id.length === YOUTUBE_ID_LENGTH ? id : null;
}

export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}`;
}
