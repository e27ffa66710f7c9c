import type { WebhookEndpointWithSecret } from "@dubbing/contract";
import { ShownOnce } from "./ShownOnce.tsx";

/** An endpoint's signing secret, this once (after adding it or replacing its secret): never listed again. */
export function NewWebhookSecret({
  shown,
  onDone,
}: {
  shown: WebhookEndpointWithSecret;
  onDone: () => void;
}) {
  return (
    <ShownOnce
      title={`Copy the signing secret of ${shown.url} now. You will not see it again.`}
      secret={shown.secret}
      testId="new-webhook-secret"
      what="signing secret"
      onDone={onDone}
    />
  );
}
