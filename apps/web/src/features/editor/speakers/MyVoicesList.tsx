import type { MyVoice } from "@dubbing/contract";
import { useState } from "react";
import type { Voice } from "../../../api/types.ts";
import { inputBase } from "../../../components/button-styles.ts";
import { TrashIcon } from "../../../components/icons.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import {
  deleteMyVoice,
  describeMyVoice,
  renameMyVoice,
  useMyVoices,
  useRefreshMyVoices,
} from "../../voices/my-voices.ts";
import type { useSamplePlayer } from "../../voices/use-sample-player.ts";
import { ClonedVoiceNote } from "./ClonedVoiceNote.tsx";

/** The picker's "My voices": the user's own voices first, each taken in one click. */
export function MyVoicesList({
  voices,
  language,
  player,
  onUse,
}: {
  voices: Voice[];
  /** The picker's sample language (a cloned voice's preview). */
  language: string;
  player: ReturnType<typeof useSamplePlayer>;
  onUse: (voice: MyVoice) => void;
}) {
  const mine = useMyVoices();
  const refresh = useRefreshMyVoices();
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const catalogName = (value: string) => voices.find((v) => v.value === value)?.name ?? value;
  return (
    <section aria-labelledby="my-voices-title" className="mt-4">
      <h3 id="my-voices-title" className="text-sm font-semibold text-slate-900">
        My voices
      </h3>
      {mine.isPending && (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="size-4" /> Loading your voices…
        </p>
      )}
      {mine.isError && <p className="mt-2 text-sm text-red-700">Your voices could not be loaded.</p>}
      {mine.data?.length === 0 && (
        <p className="mt-2 text-sm text-slate-500">
          No voices yet. &ldquo;Save to My voices&rdquo; on a speaker keeps its voice, pitch and pace for your
          other projects; &ldquo;Clone this speaker&rsquo;s voice&rdquo; (where offered) adds the
          speaker&rsquo;s own.
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {mine.data && mine.data.length > 0 && (
        <ul
          aria-label="My voices"
          className="mt-2 divide-y divide-slate-100 rounded-lg ring-1 ring-indigo-200"
          data-testid="my-voices"
        >
          {mine.data.map((v) => (
            <li key={v.id} className="flex items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1">
                {renaming?.id === v.id ? (
                  <form
                    className="flex items-center gap-2"
                    onSubmit={async (e) => {
                      e.preventDefault();
                      setError(null);
                      try {
                        await renameMyVoice(v.id, renaming.name);
                        setRenaming(null);
                        await refresh();
                      } catch (err) {
                        setError(`${v.name} could not be renamed: ${(err as Error).message}`);
                      }
                    }}
                  >
                    <label className="min-w-0 flex-1">
                      <span className="sr-only">New name of {v.name}</span>
                      <input
                        value={renaming.name}
                        maxLength={80}
                        onChange={(e) => setRenaming({ id: v.id, name: e.target.value })}
                        className={`${inputBase} py-1 text-sm`}
                      />
                    </label>
                    <button type="submit" className="text-xs font-semibold text-indigo-700">
                      Save name
                    </button>
                    <button
                      type="button"
                      className="text-xs text-slate-600"
                      onClick={() => setRenaming(null)}
                    >
                      Cancel
                    </button>
                  </form>
                ) : (
                  <p className="truncate text-sm font-medium text-slate-900">{v.name}</p>
                )}
                {v.kind === "cloned" ? (
                  <ClonedVoiceNote
                    voice={v}
                    language={language}
                    player={player}
                    onError={setError}
                    onKept={refresh}
                  />
                ) : (
                  <p className="text-xs text-slate-600">{describeMyVoice(v, catalogName(v.voice))}</p>
                )}
              </div>
              {renaming?.id !== v.id && (
                <button
                  type="button"
                  aria-label={`Rename ${v.name}`}
                  className="rounded-md px-2 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100"
                  onClick={() => setRenaming({ id: v.id, name: v.name })}
                >
                  Rename
                </button>
              )}
              <button
                type="button"
                onClick={() => onUse(v)}
                aria-label={`Use ${v.name}`}
                className="rounded-md bg-indigo-600 px-3 py-1 text-xs font-semibold text-white hover:bg-indigo-500"
              >
                Use
              </button>
              <button
                type="button"
                aria-label={`Delete ${v.name} from My voices`}
                className="rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-600"
                onClick={async () => {
                  setError(null);
                  try {
                    await deleteMyVoice(v.id);
                  } catch (e) {
                    setError(`${v.name} could not be deleted: ${(e as Error).message}`);
                  }
                  await refresh();
                }}
              >
                <TrashIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Catalogue</h3>
    </section>
  );
}
