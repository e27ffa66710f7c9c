import type { ReactNode } from "react";
import { buttonSecondary } from "../../components/button-styles.ts";
import { notify } from "../toast/toast-store.ts";

/** A secret shown this once (an API key, a webhook's signing secret), with Copy and Done. */
export function ShownOnce({
  title,
  secret,
  testId,
  what,
  onDone,
}: {
  title: ReactNode;
  secret: string;
  testId: string;
  /** What the secret is called in the copy messages ("API key", "signing secret"). */
  what: string;
  onDone: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success(`${what.charAt(0).toUpperCase()}${what.slice(1)} copied.`);
    } catch {
      notify.error(`Copying failed. Select the ${what.split(" ").at(-1)} and copy it yourself.`);
    }
  };
  return (
    <div role="status" className="mt-4 rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
      <p className="font-medium break-all">{title}</p>
      <code className="mt-2 block break-all rounded bg-white p-2 font-mono text-xs" data-testid={testId}>
        {secret}
      </code>
      <div className="mt-2 flex gap-2">
        <button type="button" className={buttonSecondary} onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className={buttonSecondary} onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
