import { useEffect, useState, useSyncExternalStore } from "react";
import { useBlocker, useLocation } from "react-router";
import { buttonPrimary, buttonSecondary } from "../../components/button-styles.ts";
import { Dialog } from "../../components/Dialog.tsx";
import { handlesEdits, unsavedWorks } from "./unsaved-store.ts";

/**
 * One guard for the signed-in app: a link or Back that would lose unsaved edits asks "Save / Discard /
 * Stay", and closing or reloading the tab while anything is unsaved asks the browser's own question.
 */
export function UnsavedChangesGuard() {
  const works = useSyncExternalStore(unsavedWorks.subscribe, unsavedWorks.snapshot);
  const here = useLocation();
  // The store as it is now, not `works` as of the last render: a screen left with Discard unregisters
  // its work as it unmounts, and nothing may re-render this guard before the next Back.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !handlesEdits(nextLocation) &&
      unsavedWorks.snapshot().some((w) => w.lostOn(currentLocation, nextLocation)),
  );
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (works.length === 0) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [works.length]);

  if (blocker.state !== "blocked") return null;
  const affected = works.filter((w) => w.lostOn(here, blocker.location));
  const stay = () => blocker.reset();
  const save = async () => {
    setSaving(true);
    try {
      const results = [];
      for (const w of affected) results.push(await w.save());
      if (results.every(Boolean)) blocker.proceed();
      else blocker.reset();
    } finally {
      setSaving(false);
    }
  };
  const discard = () => {
    for (const w of affected) w.discard();
    blocker.proceed();
  };
  return (
    <Dialog open onClose={saving ? () => {} : stay} title="You have unsaved changes">
      <p className="text-sm text-slate-600">
        Save them before you leave this page, or discard them. Stay keeps you here with your edits.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonSecondary} disabled={saving} onClick={stay}>
          Stay
        </button>
        <button type="button" className={buttonSecondary} disabled={saving} onClick={discard}>
          Discard
        </button>
        <button type="button" className={buttonPrimary} disabled={saving} onClick={() => void save()}>
          {saving ? "Saving..." : "Save"}
        </button>
      </div>
    </Dialog>
  );
}
