import { useState } from "react";

/** A comment's textarea and its button; the text stays when sending fails, so nothing typed is lost. */
export function CommentForm({
  label,
  submitLabel,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (body: string) => Promise<void>;
}) {
  const [body, setBody] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!body.trim()) return setError("Write a comment first.");
    setSending(true);
    setError(null);
    try {
      await onSubmit(body.trim());
      setBody("");
    } catch (e) {
      setError((e as Error).message || "The comment could not be sent.");
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-1">
      <textarea
        aria-label={label}
        value={body}
        rows={2}
        onChange={(e) => setBody(e.target.value)}
        className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
      />
      {error && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={sending}
        className="rounded-md bg-slate-800 px-2.5 py-1 text-xs font-medium text-white disabled:opacity-50"
      >
        {sending ? "Sending..." : submitLabel}
      </button>
    </form>
  );
}
