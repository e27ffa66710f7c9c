/** Colours that tell speakers apart on the seek bar and in the transcript (written out for Tailwind). */
const COLORS = [
  { bar: "bg-indigo-500", dot: "bg-indigo-500", text: "text-indigo-700" },
  { bar: "bg-emerald-500", dot: "bg-emerald-500", text: "text-emerald-700" },
  { bar: "bg-amber-500", dot: "bg-amber-500", text: "text-amber-700" },
  { bar: "bg-rose-500", dot: "bg-rose-500", text: "text-rose-700" },
  { bar: "bg-sky-500", dot: "bg-sky-500", text: "text-sky-700" },
  { bar: "bg-fuchsia-500", dot: "bg-fuchsia-500", text: "text-fuchsia-700" },
];

export function speakerColor(speakers: readonly { id: string }[], id: string) {
  const i = speakers.findIndex((s) => s.id === id);
  return COLORS[Math.max(i, 0) % COLORS.length]!;
}
