import { useState } from "react";
import type { Language } from "../../api/types.ts";
import { buttonPrimary } from "../../components/button-styles.ts";
import { CheckIcon } from "../../components/icons.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { translateInOrder } from "./translate-queue.ts";

/** Toggle untranslated languages; 'Translate' sends them one at a time in the order chosen. */
export function TranslatePanel({
  languages,
  sourceLanguage,
  translated,
  disabled,
  send,
  onFinished,
}: {
  languages: Language[];
  sourceLanguage: string;
  translated: string[];
  disabled: boolean;
  send: (language: string) => Promise<unknown>;
  onFinished: (done: string[]) => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [running, setRunning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = languages.filter((l) => l.code !== sourceLanguage && !translated.includes(l.code));

  const toggle = (code: string) =>
    setChosen((c) => (c.includes(code) ? c.filter((x) => x !== code) : [...c, code]));

  const run = async () => {
    setError(null);
    const result = await translateInOrder(chosen, send, (language) => setRunning(language));
    setRunning(null);
    setChosen([]);
    if (result.failed) {
      const name = languages.find((l) => l.code === result.failed!.language)?.name ?? result.failed.language;
      console.error("Translate failed", result.failed.error);
      setError(`Could not start the ${name} translation: ${(result.failed.error as Error).message}`);
    }
    onFinished(result.done);
  };

  return (
    <section
      aria-labelledby="translate-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="translate-title" className="font-semibold text-slate-900">
        Translate
      </h2>
      <p className="mt-1 text-xs text-slate-500">Choose the languages to translate into.</p>
      {options.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">Every available language is already translated.</p>
      ) : (
        <ul
          className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2"
          aria-label="Languages"
        >
          {options.map((l) => {
            const on = chosen.includes(l.code);
            const unavailable = !l.translate.available;
            const reason = l.translate.reason ?? "No translation engine is available for this language.";
            return (
              <li key={l.code}>
                <button
                  type="button"
                  aria-pressed={on}
                  disabled={unavailable || running !== null}
                  onClick={() => toggle(l.code)}
                  title={unavailable ? reason : undefined}
                  aria-describedby={unavailable ? `reason-${l.code}` : undefined}
                  className={`flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm ring-1 transition ${
                    on ? "bg-indigo-50 ring-2 ring-indigo-600" : "ring-slate-200 hover:bg-slate-50"
                  } disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-transparent`}
                >
                  <img
                    src={`/flags/${l.flag}.svg`}
                    alt=""
                    className="h-4 w-6 shrink-0 rounded-sm object-cover ring-1 ring-slate-900/10"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-slate-900">{l.name}</span>
                    {unavailable && (
                      <span id={`reason-${l.code}`} className="block text-xs text-slate-500">
                        {reason}
                      </span>
                    )}
                    {!unavailable && !l.tts.available && (
                      <span className="block text-xs text-amber-700">
                        Translation only: {l.tts.reason ?? "no voice engine"}
                      </span>
                    )}
                  </span>
                  {running === l.code ? (
                    <Spinner className="size-4 text-indigo-600" />
                  ) : (
                    on && <CheckIcon className="size-4 text-indigo-600" />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <button
        type="button"
        className={`${buttonPrimary} mt-4 w-full`}
        disabled={chosen.length === 0 || running !== null || disabled}
        onClick={run}
      >
        {running ? "Translating..." : "Translate"}
      </button>
    </section>
  );
}
