import { useState } from "react";
import {
  EditIcon,
  GlobeIcon,
  MicIcon,
  PauseIcon,
  PlayIcon,
  PlugIcon,
  ShareIcon,
  UploadIcon,
} from "../../components/icons.tsx";
import { SiteLink as Link } from "../../components/SiteLink.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { BillingToggle } from "../pricing/BillingToggle.tsx";
import { PlanCard } from "../pricing/PlanCard.tsx";
import { advertisedPlans, type Billing, usePlans } from "../pricing/plans.ts";
import { usePublicConfig } from "../site/site-info.ts";
import { useTrueCounts } from "../site/true-counts.ts";
import { voiceSampleUrl } from "../voices/sample-url.ts";
import { useSamplePlayer } from "../voices/use-sample-player.ts";
import { CLONING_ANSWER, FAQ, FEATURES, LANGUAGE_FLAGS, STEPS, VOICE_SAMPLES } from "./content.ts";

function SectionHeading({
  id,
  eyebrow,
  title,
  text,
}: {
  id: string;
  eyebrow: string;
  title: string;
  text?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {text && <p className="mt-4 text-lg text-slate-600">{text}</p>}
    </div>
  );
}

const STEP_ICONS = [UploadIcon, GlobeIcon, EditIcon, ShareIcon];

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-8 bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="how-title" eyebrow="Four steps" title="How It Works" />
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, i) => {
            const Icon = STEP_ICONS[i]!;
            return (
              <li key={step.title} className="relative rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
                <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-600 text-white">
                  <Icon className="size-6" />
                </span>
                <p className="mt-5 text-xs font-semibold text-indigo-600">Step {i + 1}</p>
                <h3 className="mt-1 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{step.text}</p>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}

const FEATURE_ICONS = [MicIcon, GlobeIcon, PlugIcon];

export function Features() {
  const counted = useTrueCounts();
  return (
    <section aria-labelledby="features-title" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="features-title" eyebrow="Features" title="Everything you need to go global" />
        <div className="mt-14 grid gap-8 md:grid-cols-3">
          {FEATURES.map((f, i) => {
            const Icon = FEATURE_ICONS[i]!;
            return (
              <article key={f.title} className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
                <Icon className="size-8 text-indigo-600" />
                <h3 className="mt-4 text-xl font-semibold text-slate-900">{f.title}</h3>
                <p className="mt-3 text-slate-600">{counted(f.text)}</p>
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}

/** The languages this server translates into and speaks (GET /api/config's offer), each with its flag. */
export function SupportedLanguages() {
  const dubbed = usePublicConfig()?.offer.dubbed;
  return (
    <section aria-labelledby="languages-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="languages-title"
          eyebrow="Languages"
          title="Supported Languages"
          text="Translate and dub into the languages your audience speaks."
        />
        <ul className="mt-14 grid min-h-12 grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-5">
          {dubbed?.map((l) => (
            <li
              key={l.code}
              data-testid="landing-language"
              className="flex items-center gap-3 rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200"
            >
              {LANGUAGE_FLAGS.has(l.code) ? (
                <img
                  src={`/flags/${LANGUAGE_FLAGS.get(l.code)}.svg`}
                  alt=""
                  width={32}
                  height={24}
                  loading="lazy"
                  className="h-6 w-8 rounded-sm object-cover shadow-sm ring-1 ring-slate-900/10"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex h-6 w-8 items-center justify-center rounded-sm bg-slate-200 text-xs font-semibold text-slate-600 uppercase"
                >
                  {l.code}
                </span>
              )}
              <span className="text-sm font-medium text-slate-800">{l.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Voice samples in the languages this server speaks (a sample of another language is left out). */
export function VoiceSamples() {
  const player = useSamplePlayer();
  const dubbed = usePublicConfig()?.offer.dubbed;
  const samples = dubbed ? VOICE_SAMPLES.filter((v) => dubbed.some((l) => l.name === v.language)) : [];
  return (
    <section aria-labelledby="voices-title" className="bg-slate-900 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-indigo-300 uppercase">AI Voices</p>
          <h2 id="voices-title" className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Hear our AI voices
          </h2>
          <p className="mt-4 text-lg text-slate-300">Press play on any card to hear a real sample.</p>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {samples.map((v) => {
            const url = voiceSampleUrl(v.sample[0], v.sample[1]);
            const active = player.current === url;
            const playing = active && player.state === "playing";
            const loading = active && player.state === "loading";
            const failed = active && player.state === "error";
            return (
              <li
                key={v.name}
                className="flex items-center gap-4 rounded-2xl bg-slate-800 p-5 ring-1 ring-white/10"
              >
                <button
                  type="button"
                  onClick={() => player.toggle(url)}
                  aria-label={`${playing ? "Pause" : "Play"} ${v.name}, ${v.language} ${v.gender.toLowerCase()} voice`}
                  aria-pressed={playing}
                  className="flex size-12 shrink-0 items-center justify-center rounded-full bg-indigo-500 text-white transition hover:bg-indigo-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-300"
                >
                  {loading ? (
                    <Spinner />
                  ) : playing ? (
                    <PauseIcon className="size-5" />
                  ) : (
                    <PlayIcon className="size-5" />
                  )}
                </button>
                <div className="min-w-0">
                  <h3 className="font-semibold text-white">{v.name}</h3>
                  <p className="text-sm text-slate-400">
                    {v.language} · {v.gender}
                  </p>
                  {failed && (
                    <p className="text-xs text-amber-300">This sample could not be played right now.</p>
                  )}
                </div>
                {playing && (
                  <span aria-hidden="true" className="ml-auto flex h-6 items-end gap-0.5">
                    {[0, 1, 2, 3].map((b) => (
                      <span
                        key={b}
                        className="w-1 animate-pulse rounded bg-indigo-400"
                        style={{ height: `${40 + ((b * 37) % 60)}%`, animationDelay: `${b * 120}ms` }}
                      />
                    ))}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function Pricing() {
  const [billing, setBilling] = useState<Billing>("monthly");
  const { plans: all, signupPlan } = usePlans();
  const plans = all && advertisedPlans(all, signupPlan);
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-8 bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple, transparent pricing" />
        <div className="mt-8 flex justify-center">
          <BillingToggle value={billing} onChange={setBilling} />
        </div>
        {/* the plans come from the server: their place is kept while they load, so a page restored by
            Back scrolls to where it was */}
        <div className="mt-12 grid min-h-[32rem] gap-8 lg:grid-cols-3">
          {plans?.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              billing={billing}
              highlighted={plan.name === "Pro"}
              action={
                <Link
                  to="/signup"
                  aria-label={`Get started with ${plan.name}`}
                  className={`block rounded-lg px-4 py-2.5 text-center text-sm font-semibold transition ${
                    plan.name === "Pro"
                      ? "bg-indigo-600 text-white hover:bg-indigo-500"
                      : "bg-indigo-50 text-indigo-700 hover:bg-indigo-100"
                  }`}
                >
                  Get started
                </Link>
              }
            />
          ))}
        </div>
      </div>
    </section>
  );
}

export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="bg-indigo-600">
      <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Ready to Dub Your Videos?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-100">
          Start free with 30 minutes every month. No credit card needed.
        </p>
        <Link
          to="/signup"
          className="mt-8 inline-block rounded-full bg-white px-6 py-3 font-semibold text-indigo-700 shadow-lg hover:bg-indigo-50"
        >
          Start dubbing for free
        </Link>
      </div>
    </section>
  );
}

export function Faq() {
  const config = usePublicConfig();
  const counted = useTrueCounts();
  const answer = (item: (typeof FAQ)[number]) =>
    counted(item.q === "Can I clone my own voice?" && config?.voiceCloning ? CLONING_ANSWER : item.a);
  return (
    <section aria-labelledby="faq-title" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="mt-12 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
          {FAQ.map((item) => (
            <details key={item.q} className="group p-5 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-slate-900">
                {item.q}
                <span aria-hidden="true" className="text-indigo-600 transition group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-3 text-slate-600">{answer(item)}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
