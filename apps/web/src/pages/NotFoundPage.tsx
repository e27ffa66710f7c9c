import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="text-slate-600">The page you are looking for does not exist.</p>
      <Link to="/" className="rounded-md bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800">
        Go to the home page
      </Link>
    </main>
  );
}
