import { LogoMark } from "../../components/icons.tsx";
import { SiteLink as Link } from "../../components/SiteLink.tsx";
import { useSignedIn } from "./site-info.ts";

/** The public top bar: brand, section links and the 'Try for free!' link to /signup. */
export function SiteHeader({ onDark = false }: { onDark?: boolean }) {
  const link = onDark ? "text-indigo-100 hover:text-white" : "text-slate-600 hover:text-slate-900";
  const signedIn = useSignedIn();
  return (
    <header className="relative z-20">
      <nav
        aria-label="Site"
        className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4 sm:px-6 lg:px-8"
      >
        <Link
          to="/"
          className={`flex items-center gap-2 font-semibold ${onDark ? "text-white" : "text-slate-900"}`}
        >
          <LogoMark className="size-8" />
          <span>AI Dubbing</span>
        </Link>
        <div className="hidden items-center gap-6 text-sm font-medium md:flex">
          <a href="/#how-it-works" className={link}>
            How It Works
          </a>
          <a href="/#pricing" className={link}>
            Pricing
          </a>
          <Link to="/blog" className={link}>
            Blog
          </Link>
        </div>
        <div className="flex items-center gap-3 text-sm font-semibold">
          {signedIn ? (
            <Link to="/projects" className={link}>
              Open the app
            </Link>
          ) : (
            <Link to="/login" className={link}>
              Log in
            </Link>
          )}
          <Link
            to="/signup"
            className="rounded-full bg-white px-4 py-2 text-indigo-700 shadow-sm ring-1 ring-indigo-100 transition hover:bg-indigo-50"
          >
            Try for free!
          </Link>
        </div>
      </nav>
    </header>
  );
}
