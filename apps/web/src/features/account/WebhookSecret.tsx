import type { WebhookEndpointWithSecret } from "@dubbing/contract";
import { buttonSecondary } from "../../components/button-styles.ts";
import { notify } from "../toast/toast-store.ts";

/** An endpoint's signing secret, this once (after adding it or replacing its secret): never listed again. */
export function NewWebhookSecret({
  shown,
  onDone,
}: {
  shown: WebhookEndpointWithSecret;
  onDone: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.secret);
      notify.success("Signing secret copied.");
    } catch {
      notify.error("Copying failed. Select the secret and copy it yourself.");
    }
  };
  return (
    <div role="status" className="mt-4 rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
      <p className="font-medium break-all">
        Copy the signing secret of {shown.url} now. You will not see it again.
      </p>
      <code
        className="mt-2 block break-all rounded bg-white p-2 font-mono text-xs"
        data-testid="new-webhook-secret"
      >
        {shown.secret}
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
