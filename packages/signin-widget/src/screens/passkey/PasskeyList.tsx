import type { WebAuthnRegistration } from "@dubbing/identity-client";
import { useEffect, useState } from "react";
import { useWidget } from "../../context.tsx";
import { TEXT } from "../../messages.ts";
import { ErrorText } from "../../ui/ErrorText.tsx";
import { Key } from "../../ui/icons.tsx";

type Mode = { kind: "idle" } | { kind: "edit" | "delete"; id: string };

/**
 * The user's passkeys with rename and delete. Delete asks first ('Once deleted, the passkey cannot be
 * restored.'); while one passkey is being edited or deleted, every other action is disabled.
 */
export function PasskeyList({
  passkeys,
  onChanged,
  onLockChange,
}: {
  passkeys: WebAuthnRegistration[];
  onChanged: () => void;
  /** Told when editing or deleting starts and ends, so the screen can disable its own actions. */
  onLockChange?: (locked: boolean) => void;
}) {
  const ctx = useWidget();
  const [mode, setMode] = useState<Mode>({ kind: "idle" });
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locked = mode.kind !== "idle" || busy;
  useEffect(() => onLockChange?.(locked), [locked, onLockChange]);

  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      setMode({ kind: "idle" });
      onChanged();
    } catch (err) {
      setError(ctx.reportError(err));
    }
    setBusy(false);
  };

  return (
    <>
      <ul className="dbsw-list" aria-label={TEXT.yourPasskeys}>
        {passkeys.map((p) => {
          const id = p.webauthn_registration_id;
          const label = p.name || TEXT.unnamedPasskey;
          const editing = mode.kind === "edit" && mode.id === id;
          const deleting = mode.kind === "delete" && mode.id === id;
          return (
            <li
              key={id}
              className="dbsw-list__item"
              style={deleting ? { flexDirection: "column", alignItems: "stretch" } : undefined}
            >
              {editing ? (
                <form
                  className="dbsw-row"
                  style={{ flex: 1 }}
                  onSubmit={(e) => {
                    e.preventDefault();
                    void run(() =>
                      ctx.client.webauthn.update({ webauthn_registration_id: id, name: name.trim() }),
                    );
                  }}
                >
                  <input
                    className="dbsw-input"
                    aria-label={TEXT.passkeyName}
                    value={name}
                    // biome-ignore lint/a11y/noAutofocus: focus moves to the field the user asked to edit
                    autoFocus
                    onChange={(e) => setName(e.target.value)}
                  />
                  <button type="submit" className="dbsw-mini" disabled={busy || !name.trim()}>
                    {TEXT.save}
                  </button>
                  <button
                    type="button"
                    className="dbsw-mini"
                    disabled={busy}
                    onClick={() => setMode({ kind: "idle" })}
                  >
                    {TEXT.cancel}
                  </button>
                </form>
              ) : deleting ? (
                <div className="dbsw-warning" role="alertdialog" aria-label={`${TEXT.delete} ${label}`}>
                  <span className="dbsw-list__name">{label}</span>
                  <p className="dbsw-error-text">{TEXT.deleteWarning}</p>
                  <div className="dbsw-row">
                    <button
                      type="button"
                      className="dbsw-mini dbsw-mini--danger"
                      disabled={busy}
                      onClick={() => void run(() => ctx.client.user.deleteWebauthnRegistration(id))}
                    >
                      {TEXT.delete}
                    </button>
                    <button
                      type="button"
                      className="dbsw-mini"
                      disabled={busy}
                      onClick={() => setMode({ kind: "idle" })}
                    >
                      {TEXT.cancel}
                    </button>
                  </div>
                </div>
              ) : (
                <>
                  <Key size={18} />
                  <span className="dbsw-list__name">{label}</span>
                  <button
                    type="button"
                    className="dbsw-mini"
                    disabled={locked}
                    aria-label={`${TEXT.rename} ${label}`}
                    onClick={() => {
                      setName(p.name ?? "");
                      setMode({ kind: "edit", id });
                    }}
                  >
                    {TEXT.rename}
                  </button>
                  <button
                    type="button"
                    className="dbsw-mini"
                    disabled={locked}
                    aria-label={`${TEXT.delete} ${label}`}
                    onClick={() => setMode({ kind: "delete", id })}
                  >
                    {TEXT.delete}
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <ErrorText message={error} />
    </>
  );
}
