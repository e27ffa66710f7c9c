import type { Language, Translation } from "../../../api/types.ts";

export const TRANSCRIPT_PANEL_ID = "transcript-panel";
export const tabId = (code: string | null) => `transcript-tab-${code ?? "original"}`;

/** The transcript language selector: the original plus every translated language (arrow keys move). */
export function LanguageTabs({
  sourceCode,
  translations,
  languages,
  selected,
  onSelect,
}: {
  sourceCode: string;
  translations: Translation[];
  languages: Language[];
  selected: string | null;
  onSelect: (code: string | null) => void;
}) {
  const info = (code: string) => languages.find((l) => l.code === code);
  const tab = (code: string | null, label: string, flag: string | undefined) => {
    const active = selected === code;
    return (
      <button
        key={code ?? "original"}
        type="button"
        role="tab"
        id={tabId(code)}
        aria-selected={active}
        aria-controls={TRANSCRIPT_PANEL_ID}
        tabIndex={active ? 0 : -1}
        onClick={() => onSelect(code)}
        className={`flex shrink-0 items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition ${
          active
            ? "border-indigo-600 text-indigo-700"
            : "border-transparent text-slate-500 hover:text-slate-800"
        }`}
      >
        {flag && (
          <img
            src={`/flags/${flag}.svg`}
            alt=""
            className="h-3.5 w-5 rounded-sm object-cover ring-1 ring-slate-900/10"
          />
        )}
        {label}
      </button>
    );
  };
  return (
    <div
      role="tablist"
      aria-label="Transcript language"
      onKeyDown={(e) => {
        const codes: (string | null)[] = [null, ...translations.map((t) => t.language)];
        const i = Math.max(0, codes.indexOf(selected));
        const next =
          e.key === "ArrowRight"
            ? codes[(i + 1) % codes.length]
            : e.key === "ArrowLeft"
              ? codes[(i - 1 + codes.length) % codes.length]
              : e.key === "Home"
                ? codes[0]
                : e.key === "End"
                  ? codes.at(-1)
                  : undefined;
        if (next === undefined) return;
        e.preventDefault();
        onSelect(next);
        document.getElementById(tabId(next))?.focus();
      }}
      className="flex overflow-x-auto border-b border-slate-200"
    >
      {tab(null, `Original (${info(sourceCode)?.name ?? sourceCode})`, info(sourceCode)?.flag)}
      {translations.map((t) => tab(t.language, info(t.language)?.name ?? t.language, info(t.language)?.flag))}
    </div>
  );
}
