// Public API of @dubbing/dubbing. The server imports from here; keep it stable.

// Media: ffprobe, the ffmpeg runner with progress/cancellation, pure argument builders.
export {
  assertHasVideo,
  extractAudioArgs,
  MediaError,
  type MediaErrorCode,
  type ProbeResult,
  posterArgs,
  previewArgs,
  probe,
  runFfmpeg,
} from "./media/index.ts";
