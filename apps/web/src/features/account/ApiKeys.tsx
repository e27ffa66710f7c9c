import type { ApiKeyScope, CreatedApiKey } from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { buttonPrimary, inputBase } from "../../components/button-styles.ts";
import { relativeTime } from "../../lib/relative-time.ts";
import { notify } from "../toast/toast-store.ts";
import { apiKeysKey, createApiKey, revokeApiKey, useApiKeys } from "./api.ts";
import { ShownOnce } from "./ShownOnce.tsx";

const EXPIRY_CHOICES = [
  { label: "Never", days: null },
  { label: "In 30 days", days: 30 },
  { label: "In 90 days", days: 90 },
  { label: "In a year", days: 365 },
] as const;

const SCOPE_LABEL: Record<ApiKeyScope, string> = { read: "Read only", "read+write": "Read and write" };

/** Personal API keys: made here (shown once), listed by prefix, revoked in one click. */
export function ApiKeys() {
  const client = useQueryClient();
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: apiKeysKey });

  const revoke = async (id: string, name: string) => {
    try {
      await revokeApiKey(id);
      notify.success(`Revoked “${name}”. It stops working at once.`);
      if (created?.key.id === id) setCreated(null);
    } catch (error) {
      notify.error((error as Error).message || "The key could not be revoked. Please try again.");
    }
    await refresh();
  };

  return (
    <section aria-labelledby="keys-title" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="keys-title" className="text-lg font-semibold text-slate-900">
        API keys
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Let your own scripts use the API: send <code>Authorization: Bearer &lt;key&gt;</code>. See the{" "}
        <a className="text-indigo-700 underline" href="/api/docs">
          API reference
        </a>
        .
      </p>
      <CreateKeyForm
        onCreated={async (answer) => {
          setCreated(answer);
          await refresh();
        }}
      />
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      {keys.isError && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          Your API keys could not be loaded.
        </p>
      )}
      {keys.data && keys.data.length === 0 && <p className="mt-4 text-sm text-slate-500">No API keys yet.</p>}
      {keys.data && keys.data.length > 0 && (
        <table className="mt-4 w-full text-left text-sm" aria-label="Your API keys">
          <thead className="text-slate-500">
            <tr>
              <th className="py-1 font-medium">Name</th>
              <th className="py-1 font-medium">Key</th>
              <th className="py-1 font-medium">Access</th>
              <th className="py-1 font-medium">Created</th>
              <th className="py-1 font-medium">Last used</th>
              <th className="py-1 font-medium">Expires</th>
              <th className="py-1">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.data.map((key) => (
              <tr key={key.id} className="border-t border-slate-100" data-testid="api-key-row">
                <td className="py-2 font-medium text-slate-900">{key.name}</td>
                <td className="py-2 font-mono text-xs text-slate-700">{key.prefix}…</td>
                <td className="py-2">{SCOPE_LABEL[key.scope]}</td>
                <td className="py-2">{relativeTime(key.createdAt)}</td>
                <td className="py-2">{key.lastUsedAt ? relativeTime(key.lastUsedAt) : "Never"}</td>
                <td className="py-2">
                  {key.expiresAt ? new Date(key.expiresAt).toLocaleDateString() : "Never"}
                </td>
                <td className="py-2 text-right">
                  <button
                    type="button"
                    className="text-sm font-semibold text-red-700 hover:underline"
                    aria-label={`Revoke ${key.name}`}
                    onClick={() => void revoke(key.id, key.name)}
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => Promise<void> }) {
  const ids = { name: useId(), scope: useId(), expiry: useId() };
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiKeyScope>("read");
  const [expiry, setExpiry] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const days = EXPIRY_CHOICES[expiry]!.days;
      const expiresAt = days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString();
      await onCreated(await createApiKey({ name: name.trim(), scope, expiresAt }));
      setName("");
    } catch (e) {
      setError((e as Error).message || "The key could not be created. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mt-4 grid gap-3 sm:grid-cols-[1fr_10rem_9rem_auto] sm:items-end" onSubmit={submit}>
      <div>
        <label htmlFor={ids.name} className="block text-sm font-medium text-slate-700">
          Key name
        </label>
        <input
          id={ids.name}
          className={inputBase}
          value={name}
          maxLength={100}
          placeholder="e.g. Nightly import"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={ids.scope} className="block text-sm font-medium text-slate-700">
          Access
        </label>
        <select
          id={ids.scope}
          className={inputBase}
          value={scope}
          onChange={(e) => setScope(e.target.value as ApiKeyScope)}
        >
          <option value="read">{SCOPE_LABEL.read}</option>
          <option value="read+write">{SCOPE_LABEL["read+write"]}</option>
        </select>
      </div>
      <div>
        <label htmlFor={ids.expiry} className="block text-sm font-medium text-slate-700">
          Expires
        </label>
        <select
          id={ids.expiry}
          className={inputBase}
          value={expiry}
          onChange={(e) => setExpiry(Number(e.target.value))}
        >
          {EXPIRY_CHOICES.map((choice, i) => (
            <option key={choice.label} value={i}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonPrimary} disabled={busy || name.trim() === ""}>
        {busy ? "Creating..." : "Create key"}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-4">
          {error}
        </p>
      )}
    </form>
  );
}

/** The new key, this once: it is stored only as a hash and cannot be shown again. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <ShownOnce
      title={`Copy your new key “${created.key.name}” now. You will not see it again.`}
      secret={created.secret}
      testId="new-api-key"
      what="API key"
      onDone={onDone}
    />
  );
}
