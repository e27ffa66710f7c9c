import { SIGNED_IN_LANDING } from "@dubbing/contract";
import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useAppConfig } from "../../api/config.ts";
import { ClockIcon, CoinIcon, GlobeIcon, LogoMark, SparkIcon } from "../../components/icons.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { useSignedIn } from "../site/site-info.ts";
import { useTrueCounts } from "../site/true-counts.ts";
import { InvitationNote } from "./InvitationNote.tsx";
import { rememberReturnTo, safePath, takeReturnTo } from "./return-to.ts";
import { SignInWidget } from "./SignInWidget.tsx";

const BENEFITS = [
  {
    title: "Global Reach",
    text: "Speak to viewers in 20+ languages with natural AI voices.",
    Icon: GlobeIcon,
  },
  {
    title: "Time Efficiency",
    text: "Dub a video in minutes instead of booking studios for weeks.",
    Icon: ClockIcon,
  },
  { title: "Cost-Effective", text: "A fraction of the cost of traditional voice-over work.", Icon: CoinIcon },
  {
    title: "Easy to Use",
    text: "Upload, review, dub and download — no audio skills needed.",
    Icon: SparkIcon,
  },
];

/** /login, /register and /signup: the sign-in widget on the left, the benefits panel on large screens. */
export default function LoginPage() {
  usePageTitle("Sign in");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const google = useAppConfig().data?.identity?.oauthProviders?.includes("google") ?? false;
  const next = safePath(params.get("next"));
  const callbackError = params.get("error");
  const counted = useTrueCounts();

  useEffect(() => {
    if (next) rememberReturnTo(next);
  }, [next]);

  useEffect(() => {
    if (signedIn) navigate(takeReturnTo() ?? next ?? SIGNED_IN_LANDING, { replace: true });
  }, [signedIn, next, navigate]);

  return (
    <div className="flex min-h-screen bg-white">
      <main className="flex flex-1 flex-col justify-center px-4 py-12 sm:px-6 lg:flex-none lg:px-20 xl:px-24">
        <div className="mx-auto w-full max-w-sm lg:w-96">
          <Link to="/" className="inline-flex items-center gap-2 font-semibold text-slate-900">
            <LogoMark className="size-9" /> AI Dubbing
          </Link>
          <h1 className="mt-8 text-2xl font-bold tracking-tight text-slate-900">Welcome</h1>
          <p className="mt-2 text-sm text-slate-600">Sign in or create your account to start dubbing.</p>
          <InvitationNote next={next} />
          {callbackError && (
            <p role="alert" className="mt-6 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {callbackError}
            </p>
          )}
          <div className="mt-8">
            <SignInWidget />
          </div>
          <p className="mt-6 text-center text-xs text-slate-500">
            {/* The spec's line said a third party; here this server is the provider (docs/decisions/web-app.md). */}
            Secure login is provided by this service's own identity provider
            {google ? "; Google sign-in goes through Google" : ""}.
          </p>
        </div>
      </main>
      <aside
        aria-labelledby="benefits-title"
        className="relative hidden flex-1 flex-col justify-center bg-gradient-to-br from-indigo-700 to-violet-700 px-12 lg:flex xl:px-20"
      >
        <h2 id="benefits-title" className="text-3xl font-bold text-white">
          Unlock the Power of AI Dubbing
        </h2>
        <ul className="mt-10 space-y-8">
          {BENEFITS.map(({ title, text, Icon }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/15 text-white">
                <Icon className="size-6" />
              </span>
              <div>
                <h3 className="font-semibold text-white">{title}</h3>
                <p className="mt-1 text-indigo-100">{counted(text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
