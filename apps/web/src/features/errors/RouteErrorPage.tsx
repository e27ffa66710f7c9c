import { isRouteErrorResponse, useRouteError } from "react-router";

/** What a route that fails to load shows: the default page of PRODUCT.md § Screens with the message. */
function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return "Unknown error";
}

export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center gap-4 px-6">
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="rounded-lg bg-red-50 p-4 font-mono text-sm [overflow-wrap:anywhere] text-red-800 italic">
        {routeErrorMessage(error)}
      </p>
      <p className="flex gap-4 text-sm">
        <button
          type="button"
          className="font-semibold text-indigo-600 hover:underline"
          onClick={() => window.location.reload()}
        >
          Reload the page
        </button>
        <a href="/" className="font-semibold text-indigo-600 hover:underline">
          Go to the home page
        </a>
      </p>
    </main>
  );
}
