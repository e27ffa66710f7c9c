import {
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
} from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { buttonPrimary, buttonSecondary, inputBase } from "../../components/button-styles.ts";
import { relativeTime } from "../../lib/relative-time.ts";
import { notify } from "../toast/toast-store.ts";
import {
  createWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  useWebhookDeliveries,
  useWebhooks,
  webhooksKey,
} from "./api.ts";
import { NewWebhookSecret } from "./WebhookSecret.tsx";

const card = "rounded-2xl border border-slate-200 bg-white p-6";

/** Webhook endpoints: where the service tells your systems that work finished, with a delivery log. */
export function Webhooks() {
  const endpoints = useWebhooks();
  const [shown, setShown] = useState<WebhookEndpointWithSecret | null>(null);
  return (
    <section aria-labelledby="webhooks-title" className={card}>
      <h2 id="webhooks-title" className="text-lg font-semibold text-slate-900">
        Webhooks
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        We POST a signed JSON event to your address when a project, translation, dub or data export is ready
        or failed (Standard Webhooks signatures; failed deliveries are retried for 24 hours).
      </p>
      <CreateWebhookForm onCreated={setShown} />
      {shown && <NewWebhookSecret shown={shown} onDone={() => setShown(null)} />}
      {endpoints.isError && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          Your webhook endpoints could not be loaded.
        </p>
      )}
      {endpoints.data?.length === 0 && <p className="mt-4 text-sm text-slate-500">No endpoints yet.</p>}
      <ul className="mt-4 space-y-4">
        {endpoints.data?.map((endpoint) => (
          <Endpoint key={endpoint.id} endpoint={endpoint} onSecret={setShown} />
        ))}
      </ul>
    </section>
  );
}

function EventChoices({
  chosen,
  onChange,
}: {
  chosen: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Events</legend>
      <div className="mt-1 grid gap-1 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={chosen.includes(event)}
              onChange={(e) =>
                onChange(e.target.checked ? [...chosen, event] : chosen.filter((c) => c !== event))
              }
            />
            <code>{event}</code>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CreateWebhookForm({ onCreated }: { onCreated: (shown: WebhookEndpointWithSecret) => void }) {
  const client = useQueryClient();
  const urlId = useId();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onCreated(await createWebhook({ url: url.trim(), events }));
      setUrl("");
      await client.invalidateQueries({ queryKey: webhooksKey });
    } catch (e) {
      setError((e as Error).message || "The endpoint could not be added. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mt-4 space-y-3" onSubmit={submit}>
      <div>
        <label htmlFor={urlId} className="block text-sm font-medium text-slate-700">
          Endpoint URL
        </label>
        <input
          id={urlId}
          type="url"
          className={inputBase}
          value={url}
          placeholder="https://example.com/webhooks/dubbing"
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <EventChoices chosen={events} onChange={setEvents} />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button
        type="submit"
        className={buttonPrimary}
        disabled={busy || url.trim() === "" || events.length === 0}
      >
        {busy ? "Adding..." : "Add endpoint"}
      </button>
    </form>
  );
}

function Endpoint({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (shown: WebhookEndpointWithSecret) => void;
}) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: webhooksKey });
  const act = async (what: () => Promise<unknown>, failed: string) => {
    setBusy(true);
    try {
      await what();
    } catch (e) {
      notify.error((e as Error).message || failed);
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${endpoint.enabled ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-700"}`}
        >
          {endpoint.enabled ? "Enabled" : "Disabled"}
        </span>
      </div>
      {endpoint.disabledReason && <p className="mt-1 text-sm text-red-700">{endpoint.disabledReason}</p>}
      <p className="mt-1 text-xs text-slate-600">{endpoint.events.join(", ")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonSecondary}
          disabled={busy || !endpoint.enabled}
          onClick={() =>
            void act(async () => {
              await sendTestEvent(endpoint.id);
              await client.invalidateQueries({ queryKey: [...webhooksKey, endpoint.id, "deliveries"] });
            }, "The test event could not be sent.")
          }
        >
          Send a test event
        </button>
        <button
          type="button"
          className={buttonSecondary}
          disabled={busy}
          onClick={() =>
            void act(
              () => updateWebhook(endpoint.id, { enabled: !endpoint.enabled }),
              "The endpoint could not be changed.",
            )
          }
        >
          {endpoint.enabled ? "Disable" : "Enable"}
        </button>
        <button
          type="button"
          className={buttonSecondary}
          disabled={busy}
          onClick={() =>
            void act(
              async () => onSecret(await rotateWebhookSecret(endpoint.id)),
              "The signing secret could not be replaced.",
            )
          }
        >
          New signing secret
        </button>
        <button
          type="button"
          className={buttonSecondary}
          disabled={busy}
          aria-label={`Delete endpoint ${endpoint.url}`}
          onClick={() => void act(() => deleteWebhook(endpoint.id), "The endpoint could not be deleted.")}
        >
          Delete
        </button>
      </div>
      <DeliveryLog endpointId={endpoint.id} />
    </li>
  );
}

const STATUS_LABEL = { pending: "Retrying", sending: "Sending", delivered: "Delivered", failed: "Failed" };

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  if (!deliveries.data || deliveries.data.length === 0)
    return <p className="mt-3 text-xs text-slate-500">No deliveries yet.</p>;
  return (
    <table className="mt-3 w-full text-left text-xs" aria-label="Delivery log">
      <thead className="text-slate-500">
        <tr>
          <th className="py-1 font-medium">Event</th>
          <th className="py-1 font-medium">Status</th>
          <th className="py-1 font-medium">Response</th>
          <th className="py-1 font-medium">Attempts</th>
          <th className="py-1 font-medium">Time</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.map((d) => (
          <tr key={d.id} className="border-t border-slate-100" data-testid="webhook-delivery">
            <td className="py-1 font-mono">{d.type}</td>
            <td className="py-1" title={d.error ?? undefined}>
              {STATUS_LABEL[d.status]}
            </td>
            <td className="py-1">{d.responseCode ?? (d.error ? "No answer" : "–")}</td>
            <td className="py-1">{d.attempts}</td>
            <td className="py-1">{relativeTime(d.lastAttemptAt ?? d.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
