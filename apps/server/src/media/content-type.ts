const TYPES = new Map(
  Object.entries({
    ".mp4": "video/mp4",
    ".m4v": "video/mp4",
    ".webm": "video/webm",
    ".ogg": "video/ogg",
    ".ogv": "video/ogg",
    ".mov": "video/quicktime",
    ".avi": "video/x-msvideo",
    ".wmv": "video/x-ms-wmv",
    ".mkv": "video/x-matroska",
    ".jpg": "image/jpeg",
    ".png": "image/png",
    ".wav": "audio/wav",
    ".mp3": "audio/mpeg",
    ".srt": "application/x-subrip",
    ".vtt": "text/vtt",
    ".json": "application/json",
  }),
);

export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf(".");
  return (dot >= 0 && TYPES.get(key.slice(dot).toLowerCase())) || "application/octet-stream";
}
