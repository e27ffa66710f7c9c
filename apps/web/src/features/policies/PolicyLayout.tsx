import type { ReactNode } from "react";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { SiteFooter } from "../site/SiteFooter.tsx";
import { SiteHeader } from "../site/SiteHeader.tsx";

import { useOperator } from "../site/site-info.ts";

/** "1 June 2025" for the operator's POLICIES_UPDATED (YYYY-MM-DD). */
function policyDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** "… by writing to <address>" where the operator gave one (SUPPORT_EMAIL); nothing where not. */
export function SupportContact({ before, after = "." }: { before: string; after?: string }) {
  const { supportEmail } = useOperator();
  if (!supportEmail) return null;
  return (
    <p data-testid="support-contact">
      {before}{" "}
      <a className="text-indigo-600 underline" href={`mailto:${supportEmail}`}>
        {supportEmail}
      </a>
      {after}
    </p>
  );
}

/** A readable page for legal text. */
export function PolicyLayout({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  const { policiesUpdated } = useOperator();
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <div className="border-b border-slate-200">
        <SiteHeader />
      </div>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {policiesUpdated && (
          <p className="mt-2 text-sm text-slate-500">Last updated: {policyDate(policiesUpdated)}</p>
        )}
        <div className="mt-8 space-y-4 leading-7 text-slate-700 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc">
          {children}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
