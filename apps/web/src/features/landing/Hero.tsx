import { SiteLink as Link } from "../../components/SiteLink.tsx";
import { SiteHeader } from "../site/SiteHeader.tsx";
import { useTrueCounts } from "../site/true-counts.ts";
import { GREETING_ROTATION_MS, GREETINGS } from "./content.ts";
import { greetingFor, useRotation } from "./use-rotation.ts";

// Where the background greetings sit on wider screens (percent of the hero), spread around the headline.
const SLOTS = [
  [6, 18],
  [28, 8],
  [58, 12],
  [82, 20],
  [12, 48],
  [88, 50],
  [4, 80],
  [30, 88],
  [62, 84],
  [84, 80],
  [46, 30],
  [70, 62],
];

// On a phone the text fills the width, so the greetings keep to the strips above the badge and below the
// buttons (the section's top and bottom padding) instead of crossing the words.
const PHONE_SLOTS: React.CSSProperties[] = [
  { left: "24%", top: "5.25rem" },
  { left: "76%", top: "5.25rem" },
  { left: "26%", bottom: "3.5rem" },
  { left: "74%", bottom: "3.5rem" },
  { left: "50%", bottom: "0.5rem" },
];
const greetingClass =
  "absolute -translate-x-1/2 animate-[fade_3s_ease-in-out_infinite] font-bold whitespace-nowrap text-white/15";

export function Hero() {
  const step = useRotation(GREETINGS.length, GREETING_ROTATION_MS);
  const counted = useTrueCounts();
  return (
    <div className="relative overflow-hidden bg-gradient-to-br from-indigo-700 via-indigo-600 to-violet-600">
      <div
        aria-hidden="true"
        data-testid="greetings"
        data-step={step}
        className="pointer-events-none absolute inset-0 select-none"
      >
        {SLOTS.map(([x, y], slot) => (
          <span
            key={`${x}-${y}`}
            className={`${greetingClass} hidden text-4xl sm:block`}
            style={{ left: `${x}%`, top: `${y}%` }}
          >
            {greetingFor(GREETINGS, slot, step)}
          </span>
        ))}
        {PHONE_SLOTS.map((position, slot) => (
          <span
            key={JSON.stringify(position)}
            className={`${greetingClass} text-2xl sm:hidden`}
            style={position}
          >
            {greetingFor(GREETINGS, slot, step)}
          </span>
        ))}
      </div>
      <SiteHeader onDark />
      <section className="relative z-10 mx-auto max-w-4xl px-4 pt-16 pb-24 text-center sm:px-6 sm:pt-24 sm:pb-32">
        <p className="mx-auto mb-6 inline-flex rounded-full bg-white/10 px-4 py-1 text-sm text-indigo-100 ring-1 ring-white/20">
          {counted("AI video dubbing in 20+ languages")}
        </p>
        <h1 className="text-4xl font-extrabold tracking-tight text-white sm:text-6xl">
          Break Language Barriers <span className="block text-indigo-200">Boost Engagement</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-indigo-100">
          Upload a video, edit its transcript, translate it and download it dubbed with lifelike AI voices —
          in minutes, not weeks.
        </p>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-4">
          <Link
            to="/signup"
            className="rounded-full bg-white px-6 py-3 text-base font-semibold text-indigo-700 shadow-lg transition hover:bg-indigo-50"
          >
            Reach a Global Audience
          </Link>
          <a href="#how-it-works" className="text-base font-semibold text-white hover:text-indigo-100">
            See how it works →
          </a>
        </div>
      </section>
    </div>
  );
}
