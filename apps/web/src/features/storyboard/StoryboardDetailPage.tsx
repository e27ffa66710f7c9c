import { type FormEvent, useState } from "react";
import { Link, useParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import type { Storyboard, StoryboardImage } from "../../api/types.ts";
import { buttonPrimary, buttonSecondary, inputBase } from "../../components/button-styles.ts";
import { Dialog } from "../../components/Dialog.tsx";
import { DownloadIcon } from "../../components/icons.tsx";
import { ProgressBar } from "../../components/ProgressBar.tsx";
import { LoadingState } from "../../components/Spinner.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { useWorkspacePermissions } from "../workspaces/permissions.ts";
import { searchImages, useStoryboard } from "./api.ts";
import { FrameCard, PickImageDialog } from "./FrameCard.tsx";
import { useBoardEdits } from "./use-board-edits.ts";

export default function StoryboardDetailPage() {
  const { id = "" } = useParams();
  const board = useStoryboard(id);
  usePageTitle(board.data ? `Storyboard - ${board.data.title}` : "Storyboard");
  const back = (
    <Link to="/storyboard" className="text-sm font-semibold text-indigo-600 hover:underline">
      ← Back to storyboards
    </Link>
  );
  if (board.isPending) return <LoadingState label="Loading..." />;
  if (board.isError) {
    const missing = board.error instanceof ApiError && board.error.status === 404;
    return (
      <div className="mx-auto max-w-5xl space-y-4">
        {back}
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          {missing ? "Storyboard not found" : "Failed to fetch storyboard. Please try again."}
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {back}
      <Board board={board.data} />
    </div>
  );
}

function Board({ board }: { board: Storyboard }) {
  const edits = useBoardEdits(board);
  const { searching } = edits;
  // a storyboard opens in the workspace the app works in; only a role that may change one is offered to
  const { can } = useWorkspacePermissions();
  const editable = can("storyboard");
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{board.title}</h1>
        {editable && (
          <button
            type="button"
            className={buttonPrimary}
            onClick={edits.generate}
            disabled={edits.generating}
          >
            {edits.generating ? "Generating Video..." : "Generate Video"}
          </button>
        )}
      </div>
      {board.status === "generating" && (
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-live="polite">
          <ProgressBar value={board.job?.percent ?? 0} label="Video generation progress" />
          <p className="mt-2 text-sm text-slate-600">{board.job?.message ?? "Generating the video..."}</p>
        </div>
      )}
      {board.status === "failed" && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {board.statusMessage ?? "The video could not be generated. Please try again."}
        </p>
      )}
      {board.videoUrl && board.status !== "generating" && (
        <div className="space-y-3">
          {/* biome-ignore lint/a11y/useMediaCaption: generated from the transcript shown below */}
          <video
            src={board.videoUrl}
            controls
            className="aspect-video w-full rounded-2xl bg-black"
            aria-label="Generated video"
          />
          <a href={board.videoUrl} download={`storyboard-${board._id}.mp4`} className={buttonSecondary}>
            <DownloadIcon className="size-4" /> Download Video
          </a>
        </div>
      )}
      <ol className="grid gap-6 md:grid-cols-2">
        {board.frames.map((frame, i) => (
          <FrameCard
            // biome-ignore lint/suspicious/noArrayIndexKey: frames are positional
            key={i}
            boardId={board._id}
            frame={frame}
            index={i}
            saveText={(text) => edits.saveText(i, text)}
            onPick={() => edits.setPicking(i)}
            onSearch={() => edits.setSearching(i)}
            readOnly={!editable}
          />
        ))}
      </ol>

      <PickImageDialog
        frames={board.frames}
        picking={edits.picking}
        error={edits.pickError}
        onPick={(frame, image) => void edits.pick(frame, image)}
        onClose={edits.closePicker}
      />

      {searching !== null && (
        <SearchDialog
          frame={searching}
          onClose={() => edits.setSearching(null)}
          onSelect={(img) => edits.addImage(searching, img)}
        />
      )}
    </>
  );
}

function SearchDialog({
  frame,
  onClose,
  onSelect,
}: {
  frame: number;
  onClose: () => void;
  onSelect: (image: StoryboardImage) => Promise<void>;
}) {
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<StoryboardImage[] | null>(null);
  const [adding, setAdding] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const search = async (e: FormEvent) => {
    e.preventDefault();
    const q = query.trim();
    if (!q) return;
    setBusy(true);
    setError(null);
    try {
      setResults(await searchImages(q));
    } catch (err) {
      console.error(err);
      setError("Failed to search for images. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} title="Search for a New Image" size="max-w-3xl">
      <p className="sr-only">For frame {frame + 1}</p>
      <form onSubmit={search} className="flex gap-2">
        <label className="flex-1">
          <span className="sr-only">Image search</span>
          <input
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="e.g. sunrise over the sea"
            className={inputBase}
          />
        </label>
        <button type="submit" className={buttonPrimary} disabled={busy || !query.trim()}>
          {busy ? "Searching..." : "Search"}
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
      {results?.length === 0 && <p className="mt-4 text-sm text-slate-500">No images found.</p>}
      {results && results.length > 0 && (
        <ul className="mt-4 grid max-h-[55vh] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-3">
          {results.map((img, j) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: search results may repeat an image
              key={`${img.medium}-${j}`}
              className="group relative overflow-hidden rounded-lg ring-1 ring-slate-200"
            >
              <img src={img.medium} alt={img.alt ?? ""} className="aspect-video w-full object-cover" />
              <button
                type="button"
                onClick={async () => {
                  setAdding(j);
                  await onSelect(img);
                  setAdding(null);
                }}
                disabled={adding !== null}
                aria-label={`Select image ${j + 1}`}
                className={`absolute inset-0 flex items-center justify-center bg-slate-900/50 font-semibold text-white transition group-hover:opacity-100 focus:opacity-100 ${
                  adding === j ? "opacity-100" : "opacity-0"
                }`}
              >
                {adding === j ? "Adding..." : "Select"}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
