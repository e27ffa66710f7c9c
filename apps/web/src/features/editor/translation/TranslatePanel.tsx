import { useState } from "react";
import type { Language } from "../../../api/types.ts";
import { buttonPrimary, buttonSecondary } from "../../../components/button-styles.ts";
import { CheckIcon } from "../../../components/icons.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { translateInOrder } from "./translate-queue.ts";

function Flag({ code }: { code: string }) {
  return (
    <img
      src={`/flags/${code}.svg`}
      alt=""
      className="mt-0.5 h-4 w-6 shrink-0 rounded-sm object-cover ring-1 ring-slate-900/10"
    />
  );
}

/**
 * Toggle untranslated languages; 'Translate' sends them one at a time in the order chosen. Languages no
 * engine can translate are listed disabled, each with the reason.
 */
export function TranslatePanel({
  languages,
  sourceLanguage,
  translated,
  disabled,
  send,
  sendAndDub,
  onFinished,
}: {
  languages: Language[];
  sourceLanguage: string;
  translated: string[];
  disabled: boolean;
  send: (language: string) => Promise<unknown>;
  /** "Translate and dub": the chosen languages in one call, each dubbed when translated. */
  sendAndDub: (languages: string[]) => Promise<unknown>;
  onFinished: (done: string[]) => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [running, setRunning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = languages.filter((l) => l.code !== sourceLanguage && !translated.includes(l.code));
  const available = options.filter((l) => l.translate.available);
  const unavailable = options.filter((l) => !l.translate.available);

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

  // every chosen language needs a voice engine to be dubbed
  const dubbable =
    chosen.length > 0 && chosen.every((c) => languages.find((l) => l.code === c)?.tts.available);
  const runAndDub = async () => {
    setError(null);
    setRunning(chosen[0]!);
    try {
      await sendAndDub(chosen);
      const done = chosen;
      setChosen([]);
      onFinished(done);
    } catch (e) {
      setError(`Could not start translating and dubbing: ${(e as Error).message}`);
    } finally {
      setRunning(null);
    }
  };

  return (
    <section
      aria-labelledby="translate-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="translate-title" className="font-semibold text-slate-900">
        Translate
      </h2>
      <p className="mt-1 text-xs text-slate-500">
        Choose the languages to translate into, in the order you want them.
      </p>
      {options.length === 0 && (
        <p className="mt-4 text-sm text-slate-500">Every language is already translated.</p>
      )}
      {options.length > 0 && available.length === 0 && (
        <p className="mt-4 text-sm text-slate-500">No language can be translated on this server right now.</p>
      )}
      {available.length > 0 && (
        <LanguageChoices languages={available} chosen={chosen} running={running} onToggle={toggle} />
      )}
      {unavailable.length > 0 && <UnavailableLanguages languages={unavailable} />}
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
      <button
        type="button"
        className={`${buttonSecondary} mt-2 w-full`}
        disabled={!dubbable || running !== null || disabled}
        title={
          chosen.length > 0 && !dubbable ? "A chosen language has no voice engine to dub with." : undefined
        }
        onClick={runAndDub}
      >
        Translate and dub
      </button>
    </section>
  );
}

/** The languages that can be translated, as toggles; the one being sent shows a spinner. */
function LanguageChoices({
  languages,
  chosen,
  running,
  onToggle,
}: {
  languages: Language[];
  chosen: string[];
  running: string | null;
  onToggle: (code: string) => void;
}) {
  return (
    <ul
      className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2"
      aria-label="Languages"
    >
      {languages.map((l) => {
        const on = chosen.includes(l.code);
        return (
          <li key={l.code}>
            <button
              type="button"
              aria-pressed={on}
              disabled={running !== null}
              onClick={() => onToggle(l.code)}
              className={`flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm ring-1 transition ${
                on ? "bg-indigo-50 ring-2 ring-indigo-600" : "ring-slate-200 hover:bg-slate-50"
              } disabled:cursor-not-allowed disabled:opacity-60`}
            >
              <Flag code={l.flag} />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">{l.name}</span>
                {!l.tts.available && (
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
  );
}

/** The languages no engine can translate now, each with the reason. */
function UnavailableLanguages({ languages }: { languages: Language[] }) {
  return (
    <details open className="mt-4 rounded-lg bg-slate-50 ring-1 ring-slate-200">
      <summary className="cursor-pointer px-3 py-2 text-xs font-medium text-slate-600">
        Not available right now ({languages.length})
      </summary>
      <ul
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard to scroll it
        tabIndex={0}
        className="max-h-60 space-y-1 overflow-y-auto px-2 pb-2 focus-visible:outline-2 focus-visible:outline-indigo-600"
        aria-label="Unavailable languages"
      >
        {languages.map((l) => (
          <li key={l.code}>
            <button
              type="button"
              disabled
              aria-describedby={`reason-${l.code}`}
              className="flex w-full cursor-not-allowed items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm opacity-75"
            >
              <Flag code={l.flag} />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-700">{l.name}</span>
                <span id={`reason-${l.code}`} className="block text-xs text-slate-500">
                  {l.translate.reason ?? "No translation engine is available for this language."}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
