import type { Storyboard } from "../../api/types.ts";
import { buttonSecondary } from "../../components/button-styles.ts";
import { Dialog } from "../../components/Dialog.tsx";
import { FrameText } from "./FrameText.tsx";

type Frame = Storyboard["frames"][number];

/**
 * One frame of a storyboard: its image (with the photographer's credit), its text, its image buttons;
 * `readOnly` (a role that may not change storyboards): the text alone.
 */
export function FrameCard({
  boardId,
  frame,
  index,
  saveText,
  onPick,
  onSearch,
  readOnly = false,
}: {
  boardId: string;
  frame: Frame;
  index: number;
  saveText: (text: string) => Promise<boolean>;
  onPick: () => void;
  onSearch: () => void;
  readOnly?: boolean;
}) {
  const image = frame.pexelImages[frame.selectedAssetIndex];
  return (
    <li className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="aspect-video bg-slate-100">
        {image ? (
          <figure className="relative size-full">
            <img
              src={image.medium}
              alt={image.alt ?? `Frame ${index + 1}`}
              className="size-full object-cover"
            />
            {image.photographer && (
              <figcaption className="absolute right-2 bottom-2 rounded bg-slate-900/70 px-2 py-0.5 text-xs text-white">
                Photo: {String(image.photographer)}
              </figcaption>
            )}
          </figure>
        ) : (
          <div className="flex size-full items-center justify-center text-sm text-slate-500">No image</div>
        )}
      </div>
      <div className="p-4">
        <h2 className="font-semibold text-slate-900">Frame {index + 1}</h2>
        {readOnly ? (
          <p className="mt-2 text-sm text-slate-700">{frame.transcriptSegment.text}</p>
        ) : (
          <>
            <FrameText
              draftKey={`storyboard:${boardId}:frame:${index}`}
              frame={index}
              text={frame.transcriptSegment.text}
              save={saveText}
            />
            <div className="mt-4 flex gap-2">
              <button
                type="button"
                className={buttonSecondary}
                onClick={onPick}
                disabled={frame.pexelImages.length === 0}
              >
                Change Image
              </button>
              <button type="button" className={buttonSecondary} onClick={onSearch}>
                Search New
              </button>
            </div>
          </>
        )}
      </div>
    </li>
  );
}

/** Choosing another of a frame's found images. */
export function PickImageDialog({
  frames,
  picking,
  error,
  onPick,
  onClose,
}: {
  frames: Frame[];
  picking: number | null;
  error: string | null;
  onPick: (frame: number, image: number) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={picking !== null}
      onClose={onClose}
      title={`Select an Image for Frame ${(picking ?? 0) + 1}`}
      size="max-w-3xl"
    >
      {error && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <ul className="grid max-h-[60vh] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-3">
        {picking !== null &&
          frames[picking]!.pexelImages.map((img, j) => (
            <li key={img.medium}>
              <button
                type="button"
                onClick={() => onPick(picking, j)}
                aria-label={`Use image ${j + 1}`}
                aria-pressed={frames[picking]!.selectedAssetIndex === j}
                className="block overflow-hidden rounded-lg ring-1 ring-slate-200 hover:ring-2 hover:ring-indigo-500 aria-pressed:ring-2 aria-pressed:ring-indigo-600"
              >
                <img src={img.medium} alt={img.alt ?? ""} className="aspect-video w-full object-cover" />
              </button>
            </li>
          ))}
      </ul>
    </Dialog>
  );
}
