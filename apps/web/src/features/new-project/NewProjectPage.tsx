import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useAppConfig } from "../../api/config.ts";
import { buttonPrimary, buttonSecondary, inputBase } from "../../components/button-styles.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { useLanguages } from "../editor/api.ts";
import { SpeakerCountSelect } from "../editor/SpeakerCountSelect.tsx";
import { SpokenLanguageSelect } from "../editor/SpokenLanguageSelect.tsx";
import { projectsKey } from "../projects/api.ts";
import { SubtitleFileField } from "../subtitles/SubtitleFileField.tsx";
import { notify } from "../toast/toast-store.ts";
import { DEFAULT_ACCEPT, INVALID_YOUTUBE, NEED_FILE_OR_LINK, YOUTUBE_UNAVAILABLE } from "./content.ts";
import { Dropzone } from "./Dropzone.tsx";
import { formatBytes, type UploadProgress, uploadVideo } from "./upload-video.ts";
import { WaitingPanel } from "./WaitingPanel.tsx";
import { youtubeEmbedUrl, youtubeId } from "./youtube.ts";

export default function NewProjectPage() {
  usePageTitle("New Project");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const [title, setTitle] = useState("");
  const [language, setLanguage] = useState("en");
  const [speakers, setSpeakers] = useState("auto");
  const languages = useLanguages("en");
  const spoken = languages.data?.find((l) => l.code === language);
  const [file, setFile] = useState<File | null>(null);
  const [subtitles, setSubtitles] = useState<File | null>(null);
  const [link, setLink] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const ids = {
    title: useId(),
    link: useId(),
    error: useId(),
    titleError: useId(),
    language: useId(),
    speakers: useId(),
    languageHint: useId(),
  };

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => () => abort.current?.abort(), []);

  const videoId = youtubeId(link);
  const linkInvalid = link.trim() !== "" && videoId === null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setTitleError(null);
    if (!file && !link.trim()) {
      setError(NEED_FILE_OR_LINK);
      notify.error(NEED_FILE_OR_LINK);
      return;
    }
    // Other errors are said once, inline next to the form; only the missing file is also a toast (PRODUCT.md § Input rules).
    if (!file) {
      setError(linkInvalid ? INVALID_YOUTUBE : YOUTUBE_UNAVAILABLE);
      return;
    }
    if (!title.trim()) {
      setTitleError("A project title is required.");
      return;
    }
    setBusy(true);
    setProgress({ loaded: 0, total: file.size });
    abort.current = new AbortController();
    try {
      const project = await uploadVideo(
        file,
        { title: title.trim(), language, speakers, subtitles },
        setProgress,
        abort.current.signal,
      );
      await queryClient.invalidateQueries({ queryKey: projectsKey });
      navigate(`/projects/${project._id}`);
    } catch (err) {
      if ((err as Error).name === "AbortError") {
        notify.warning("Upload cancelled.");
      } else {
        setError((err as Error).message);
      }
      setBusy(false);
      setProgress(null);
    }
  };

  if (busy)
    return (
      <div className="space-y-4">
        <WaitingPanel progress={progress} onCancel={() => abort.current?.abort()} />
        <p className="flex justify-center">
          <button type="button" className={buttonPrimary} disabled>
            Uploading...
          </button>
        </p>
      </div>
    );

  return (
    <form onSubmit={submit} noValidate className="mx-auto max-w-3xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">New Project</h1>
        <p className="mt-1 text-sm text-slate-600">Upload a video; we transcribe it and find the speakers.</p>
      </div>

      <div>
        <label htmlFor={ids.title} className="block text-sm font-medium text-slate-900">
          Project Title
        </label>
        <input
          id={ids.title}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="Enter project title"
          maxLength={200}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? ids.titleError : undefined}
          className={`${inputBase} mt-2`}
        />
        {titleError && (
          <p id={ids.titleError} className="mt-2 text-sm text-red-700">
            {titleError}
          </p>
        )}
      </div>

      <div>
        <label htmlFor={ids.language} className="block text-sm font-medium text-slate-900">
          Spoken language
        </label>
        <SpokenLanguageSelect
          id={ids.language}
          languages={languages.data ?? []}
          value={language}
          onChange={setLanguage}
          describedBy={ids.languageHint}
        />
        <p id={ids.languageHint} className="mt-2 text-sm text-slate-600">
          {spoken && !spoken.asr.available
            ? `No speech recognition on this server understands ${spoken.name}. The project opens with an empty transcript for you to type.`
            : "The language people speak in the video; the transcript is made in it."}
        </p>
      </div>

      <div>
        <label htmlFor={ids.speakers} className="block text-sm font-medium text-slate-900">
          How many people speak?
        </label>
        <SpeakerCountSelect id={ids.speakers} value={speakers} onChange={setSpeakers} />
      </div>

      <div>
        <p className="text-sm font-medium text-slate-900">Video file</p>
        <div className="mt-2">
          {file && preview ? (
            <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
              {/* biome-ignore lint/a11y/useMediaCaption: a preview of the user's own file */}
              <video
                src={preview}
                controls
                className="aspect-video w-full bg-black"
                aria-label="Preview of the chosen video"
              />
              <div className="flex items-center justify-between gap-4 p-4">
                <p className="min-w-0 text-sm">
                  <span className="block truncate font-medium text-slate-900" data-testid="chosen-file">
                    {file.name}
                  </span>
                  <span className="text-slate-500">{formatBytes(file.size)}</span>
                </p>
                <button type="button" className={buttonSecondary} onClick={() => setFile(null)}>
                  Remove
                </button>
              </div>
            </div>
          ) : (
            <Dropzone
              accept={config.data?.acceptedUploadTypes ?? DEFAULT_ACCEPT}
              invalid={error === NEED_FILE_OR_LINK}
              describedBy={error ? ids.error : undefined}
              onFile={(f) => {
                setFile(f);
                setError(null);
                if (!title.trim()) setTitle(f.name.replace(/\.[^.]+$/, ""));
              }}
              onReject={setError}
            />
          )}
        </div>
      </div>

      {file && <SubtitleFileField file={subtitles} onChange={setSubtitles} />}

      <div className="relative flex items-center gap-4 text-xs font-medium text-slate-500 uppercase">
        <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
      </div>

      <div>
        <label htmlFor={ids.link} className="block text-sm font-medium text-slate-900">
          YouTube link
        </label>
        <input
          id={ids.link}
          type="url"
          inputMode="url"
          value={link}
          onChange={(e) => setLink(e.target.value)}
          placeholder="https://www.youtube.com/watch?v=..."
          aria-invalid={linkInvalid || undefined}
          className={`${inputBase} mt-2`}
        />
        {linkInvalid && <p className="mt-2 text-sm text-red-700">{INVALID_YOUTUBE}</p>}
        {videoId && (
          <div className="mt-4 overflow-hidden rounded-2xl ring-1 ring-slate-200">
            <iframe
              title="YouTube video preview"
              src={youtubeEmbedUrl(videoId)}
              className="aspect-video w-full"
              allow="encrypted-media; picture-in-picture"
              referrerPolicy="strict-origin-when-cross-origin"
              loading="lazy"
            />
          </div>
        )}
      </div>

      {error && (
        <p id={ids.error} role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}

      <div className="flex justify-end">
        <button type="submit" className={buttonPrimary} disabled={busy}>
          {busy ? "Uploading..." : "Create Project"}
        </button>
      </div>
    </form>
  );
}
