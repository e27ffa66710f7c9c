import { Link } from "react-router";
import { buttonPrimary, buttonSecondary } from "../../components/button-styles.ts";
import { LogoMark } from "../../components/icons.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";

export function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <LogoMark className="size-12" />
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonPrimary}>
          Go to the home page
        </Link>
        <Link to="/projects" className={buttonSecondary}>
          Your projects
        </Link>
      </div>
    </main>
  );
}
