import { type ReactNode, useEffect, useRef, useState } from "react";
import { buttonSecondary } from "../../components/button-styles.ts";
import { relativeTime } from "../../lib/relative-time.ts";
import { dropDraft, type KeptDraft, keepDraft, readDraft } from "./local-draft.ts";
import { lostOnOtherPage, type UnsavedWork, unsavedWorks } from "./unsaved-store.ts";

/**
 * Guards a screen's unsaved edits: while `dirty`, leaving asks first (UnsavedChangesGuard) and a copy
 * is kept on this device under `draftKey`. A copy left by a crash or a closed tab is offered back;
 * the returned element is that offer (null when there is none).
 */
export function useUnsavedWork<T>({
  draftKey,
  dirty,
  value,
  save,
  differs,
  restore,
  revert,
  lostOn = lostOnOtherPage,
}: {
  draftKey: string;
  dirty: boolean;
  value: T;
  save: () => Promise<boolean>;
  /** Whether a kept copy holds something the screen does not show now. */
  differs: (kept: T) => boolean;
  restore: (kept: T) => void;
  /** Puts the screen back to what is saved: Discard drops the edits even if the screen stays mounted. */
  revert: () => void;
  lostOn?: UnsavedWork["lostOn"];
}): ReactNode {
  const saveRef = useRef(save);
  saveRef.current = save;
  const revertRef = useRef(revert);
  revertRef.current = revert;
  useEffect(() => {
    if (!dirty) return;
    return unsavedWorks.add({
      save: () => saveRef.current(),
      discard: () => {
        dropDraft(draftKey);
        revertRef.current();
      },
      lostOn,
    });
  }, [dirty, draftKey, lostOn]);

  // The copy follows the edits and goes once they are saved or undone back to clean.
  const wasDirty = useRef(false);
  useEffect(() => {
    if (dirty) keepDraft(draftKey, value);
    else if (wasDirty.current) dropDraft(draftKey);
    wasDirty.current = dirty;
  }, [dirty, draftKey, value]);

  const [offer, setOffer] = useState<KeptDraft<T> | null>(() => {
    const kept = readDraft<T>(draftKey);
    return kept && differs(kept.value) ? kept : null;
  });
  if (!offer || dirty) return null;
  return (
    <div
      role="status"
      data-testid="restore-draft"
      className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <p className="min-w-0 flex-1">
        Unsaved changes from {relativeTime(offer.savedAt)} were kept on this device.
      </p>
      <button
        type="button"
        className={buttonSecondary}
        onClick={() => {
          setOffer(null);
          restore(offer.value);
        }}
      >
        Restore
      </button>
      <button
        type="button"
        className={buttonSecondary}
        onClick={() => {
          setOffer(null);
          dropDraft(draftKey);
        }}
      >
        Discard
      </button>
    </div>
  );
}
