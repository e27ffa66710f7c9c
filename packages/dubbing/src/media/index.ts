// Media layer: ffprobe, the ffmpeg runner and pure ffmpeg argument builders.
export {
  audioOnlyArgs,
  burnSubtitlesArgs,
  extractAudioArgs,
  MP4_VIDEO_CODECS,
  mp4CanCopyVideo,
  normalizeVideoArgs,
  posterArgs,
  previewArgs,
  wavStreamArgs,
} from "./args.ts";
export { MediaError, type MediaErrorCode } from "./errors.ts";
export { heldSoundArgs, holdVideo, soundStretches } from "./hold.ts";
export {
  allowedDemuxer,
  type Demuxer,
  fileInputsOnly,
  inputArgs,
  MEDIA_DEMUXERS,
  type MediaInput,
  type ProbedFile,
} from "./input.ts";
export {
  type AudioTrack,
  mp4CanCopyAudio,
  multiTrackArgs,
  nativeLanguageName,
  sharedTimeline,
  type TimedDub,
} from "./multitrack.ts";
export { assertHasVideo, type ProbeResult, parseProbeOutput, probe } from "./probe.ts";
export { parseProgressLine, type RunOptions, runFfmpeg } from "./run.ts";
export { spawnFfmpeg } from "./spawn.ts";
export { trackLanguage } from "./track-language.ts";
export {
  judgeStreams,
  type PacketSpan,
  readPackets,
  readStreams,
  type StreamReading,
  verifiedDurationMs,
} from "./verify.ts";
