export const WAITING_TEXT = "Uploading your video and creating transcript...";

/** One of these is shown while the upload runs (PRODUCT.md § Screens: a random tagline from 3). */
export const TAGLINES = [
  "Great things take a little time — your global audience is worth it.",
  "Your voice is about to travel the world.",
  "Good dubs start with a good transcript. We're on it.",
];

export const WAITING_FAQ = [
  {
    q: "How long does it take?",
    a: "Uploading depends on your connection; dubbing, on the video's length and the engines this server runs. The progress shows here as it goes.",
  },
  {
    q: "Can I leave this page?",
    a: "Stay until the upload finishes. After that, processing continues on our servers and you can come back any time.",
  },
  {
    q: "Can I edit the transcript?",
    a: "Yes. Once it is ready you can fix any line, its timing and its speaker before translating.",
  },
];

export const NEED_FILE_OR_LINK = "Please upload a video file or provide a YouTube link.";
export const FILE_OR_LINK_NOT_BOTH = "Choose a video file or give a link, not both.";
export const ACCEPT_TEXT = "MP4, WebM, or OGG up to 10GB";
/** Beside the spec's line: the other formats the server takes (all six are ingested). */
export const ALSO_ACCEPTED_TEXT = "MOV, AVI and WMV work too.";
export const DEFAULT_ACCEPT = ["video/*", ".mp4", ".webm", ".ogg", ".mov", ".avi", ".wmv"];

/** Whether a picked or dropped file is one the upload accepts (a video type, or one of the six extensions). */
export function isAcceptedFile(file: { name: string; type: string }): boolean {
  return file.type.startsWith("video/") || /\.(mp4|webm|ogg|mov|avi|wmv)$/i.test(file.name);
}
