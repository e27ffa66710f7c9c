// Every storage key and prefix the service writes, in one place (immich's StorageCore is the model):
// a project's files live under its prefix, so deleting the prefix deletes the project's media.

/** Everything of one project: original, derived media, dubs. */
export const projectPrefix = (projectId: string) => `projects/${projectId}/`;

/** The project a whole project's prefix names (projectPrefix's inverse); null for any other prefix. */
export const projectOfPrefix = (prefix: string): string | null =>
  /^projects\/([^/]+)\/$/.exec(prefix)?.[1] ?? null;

export const projectKeys = (projectId: string) => {
  const prefix = projectPrefix(projectId);
  return {
    /** The uploaded file as it came, with the extension of its container. */
    original: (extension: string) => `${prefix}original${extension}`,
    poster: `${prefix}poster.jpg`,
    preview: `${prefix}preview.mp4`,
    /** 16 kHz mono audio for speech recognition. */
    audio: `${prefix}audio.wav`,
    /** The H.264 copy made at ingest for videos whose codec cannot go into an MP4 as it is. */
    dubSource: `${prefix}video.mp4`,
  };
};

/** The project's voice and background stems (made once, reused by every dub; @dubbing/dubbing STEM_FILES). */
export const stemsPrefix = (projectId: string) => `${projectPrefix(projectId)}stems/`;

/** Everything of one language's dub. */
export const dubPrefix = (projectId: string, language: string) =>
  `${projectPrefix(projectId)}dubs/${language}/`;

/** A translation's TTS clips, shared by every worker (content-addressed names). */
export const clipsPrefix = (projectId: string, language: string) => `${dubPrefix(projectId, language)}clips/`;

/** One language's dubbed video, its subtitles and the dub report. */
export const dubKeys = (projectId: string, language: string) => {
  const dir = `${projectPrefix(projectId)}dubs/${language}`;
  return {
    mp4: `${dir}/dubbed.mp4`,
    /** The dub's audio alone (copied from the MP4). */
    m4a: `${dir}/dubbed.m4a`,
    srt: `${dir}/dubbed.srt`,
    vtt: `${dir}/dubbed.vtt`,
    report: `${dir}/report.json`,
  };
};

/** Everything of one storyboard. */
export const storyboardPrefix = (storyboardId: string) => `storyboards/${storyboardId}/`;

export const storyboardVideoKey = (storyboardId: string) => `${storyboardPrefix(storyboardId)}video.mp4`;

/** A user's "Download my data" ZIPs. */
export const exportsPrefix = (userId: string) => `exports/${userId}/`;
export const exportKey = (userId: string, exportId: string) => `${exportsPrefix(userId)}${exportId}.zip`;

/** The service's own storyboard illustrations, shared by every user (named by a hash of variant and query). */
export const OFFLINE_IMAGES_PREFIX = "storyboard/offline/";
export const offlineImageKey = (hash: string) => `${OFFLINE_IMAGES_PREFIX}${hash}.jpg`;

/** A voice sample, rendered on first request and served from storage afterwards. */
export const voiceSampleKey = (language: string, engineVoice: string, voice: string) =>
  `samples/${language}/${engineVoice}/${voice}.mp3`;

/** Everything stored for one voice of My voices (a cloned voice's previews). */
export const myVoicePrefix = (voiceId: string) => `my-voices/${voiceId}/`;
export const myVoiceSampleKey = (voiceId: string, language: string) =>
  `${myVoicePrefix(voiceId)}${language}.mp3`;
