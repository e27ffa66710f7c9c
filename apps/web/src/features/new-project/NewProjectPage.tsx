import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useAppConfig } from "../../api/config.ts";
import { buttonPrimary } from "../../components/button-styles.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { projectsKey } from "../projects/api.ts";
import { SubtitleFileField } from "../subtitles/SubtitleFileField.tsx";
import { notify } from "../toast/toast-store.ts";
import { FILE_OR_LINK_NOT_BOTH, NEED_FILE_OR_LINK } from "./content.ts";
import { checkChosenFile } from "./file-check.ts";
import { importLink, linkProblem } from "./import-link.ts";
import { LinkField } from "./LinkField.tsx";
import { type ProjectDetails, ProjectDetailsFields } from "./ProjectDetailsFields.tsx";
import { type UploadProgress, uploadVideo } from "./upload-video.ts";
import { VideoFileField } from "./VideoFileField.tsx";
import { WaitingPanel } from "./WaitingPanel.tsx";

/** Pure: why the form cannot be sent yet (the first problem), or null. */
function formProblem(file: File | null, link: string, title: string) {
  if (!file && !link.trim()) return { field: "source", message: NEED_FILE_OR_LINK } as const;
  if (file && link.trim()) return { field: "source", message: FILE_OR_LINK_NOT_BOTH } as const;
  const bad = file ? null : linkProblem(link);
  if (bad) return { field: "source", message: bad } as const;
  if (!title.trim()) return { field: "title", message: "A project title is required." } as const;
  return null;
}

export default function NewProjectPage() {
  usePageTitle("New Project");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [details, setDetails] = useState<ProjectDetails>({ title: "", language: "en", speakers: "auto" });
  const [file, setFile] = useState<File | null>(null);
  const [subtitles, setSubtitles] = useState<File | null>(null);
  const [link, setLink] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const errorId = useId();
  const config = useAppConfig();
  useEffect(() => () => abort.current?.abort(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setTitleError(null);
    const problem = formProblem(file, link, details.title);
    if (problem?.field === "title") return setTitleError(problem.message);
    if (problem) {
      setError(problem.message);
      // only the missing file or link is also a toast (PRODUCT.md § Input rules); other errors are said once, inline
      if (problem.message === NEED_FILE_OR_LINK) notify.error(NEED_FILE_OR_LINK);
      return;
    }
    setBusy(true);
    abort.current = new AbortController();
    const fields = { ...details, title: details.title.trim() };
    try {
      if (file) setProgress({ loaded: 0, total: file.size });
      const project = file
        ? await uploadVideo(
            file,
            { ...fields, subtitles },
            { onProgress: setProgress, signal: abort.current.signal },
          )
        : await importLink({ ...fields, url: link });
      await queryClient.invalidateQueries({ queryKey: projectsKey });
      navigate(`/projects/${project._id}`);
    } catch (err) {
      if ((err as Error).name === "AbortError") notify.warning("Upload cancelled.");
      else setError((err as Error).message);
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
        <p className="mt-1 text-sm text-slate-600">
          Upload a video or give its link; we transcribe it and find the speakers.
        </p>
      </div>

      <ProjectDetailsFields
        value={details}
        onChange={(change) => setDetails((d) => ({ ...d, ...change }))}
        titleError={titleError}
      />

      <VideoFileField
        file={file}
        invalid={error === NEED_FILE_OR_LINK}
        describedBy={error ? errorId : undefined}
        onFile={async (f) => {
          // refused here, before the upload: empty, too large, or not a video by its first bytes
          const refusal = f && (await checkChosenFile(f, config.data?.maxUploadBytes));
          if (refusal) return setError(refusal);
          setFile(f);
          setError(null);
          if (f && !details.title.trim())
            setDetails((d) => ({ ...d, title: f.name.replace(/\.[^.]+$/, "") }));
        }}
        onReject={setError}
      />

      {file && <SubtitleFileField file={subtitles} onChange={setSubtitles} />}

      <div className="relative flex items-center gap-4 text-xs font-medium text-slate-500 uppercase">
        <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
      </div>

      <LinkField value={link} onChange={setLink} describedBy={error ? errorId : undefined} />

      {error && (
        <p id={errorId} role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
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
