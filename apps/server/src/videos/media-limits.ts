// What the service takes: the plans promise videos "up to 4K"; anything larger, faster or longer is
// refused at upload, before it is stored or costs a worker hours.

/** 4K UHD, either way up. */
const MAX_LONG_SIDE = 3840;
const MAX_SHORT_SIDE = 2160;
const MAX_FPS = 60;

interface MediaRefusal {
  code: "unsupported_media_type" | "file_too_large";
  message: string;
}

const hours = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
};

/** Pure: why this probed video is beyond what the service takes, or null. */
export function mediaRefusal(
  video: { width: number; height: number; fps: number },
  durationMs: number,
  /** null: the plan takes videos of any length. */
  maxVideoSeconds: number | null,
): MediaRefusal | null {
  const long = Math.max(video.width, video.height);
  const short = Math.min(video.width, video.height);
  if (long > MAX_LONG_SIDE || short > MAX_SHORT_SIDE) {
    return {
      code: "unsupported_media_type",
      message: `This video is ${video.width}×${video.height}. The service takes videos up to 4K (3840×2160).`,
    };
  }
  if (video.fps > MAX_FPS + 0.5) {
    return {
      code: "unsupported_media_type",
      message: `This video has ${Math.round(video.fps)} frames per second. The service takes up to ${MAX_FPS}.`,
    };
  }
  if (maxVideoSeconds !== null && durationMs / 1000 > maxVideoSeconds) {
    return {
      code: "file_too_large",
      message: `This video is ${hours(durationMs / 1000)} long. Your plan takes videos up to ${hours(maxVideoSeconds)}.`,
    };
  }
  return null;
}
