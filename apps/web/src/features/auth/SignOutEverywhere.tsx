import { useState } from "react";
import { buttonPrimary, buttonSecondary } from "../../components/button-styles.ts";
import { notify } from "../toast/toast-store.ts";
import { logoutEverywhere } from "./session.ts";

/** "Sign out of all devices": a two-step button, because it also ends the session in use. */
export function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const signOut = async () => {
    setBusy(true);
    try {
      await logoutEverywhere();
    } catch {
      notify.error("Could not sign out of all devices. Please try again.");
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="sessions-title" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="sessions-title" className="text-lg font-semibold text-slate-900">
        Sessions
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Signed in on a computer or phone you no longer use? End every session, including this one.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {confirming ? (
          <>
            <button type="button" className={buttonPrimary} disabled={busy} onClick={() => void signOut()}>
              {busy ? "Signing out..." : "Yes, sign out everywhere"}
            </button>
            <button
              type="button"
              className={buttonSecondary}
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className={buttonSecondary} onClick={() => setConfirming(true)}>
            Sign out of all devices
          </button>
        )}
      </div>
    </section>
  );
}
