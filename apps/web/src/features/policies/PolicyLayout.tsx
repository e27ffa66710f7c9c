import type { ReactNode } from "react";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { SiteFooter } from "../site/SiteFooter.tsx";
import { SiteHeader } from "../site/SiteHeader.tsx";

export const POLICY_UPDATED = "1 June 2025";
export const SUPPORT_EMAIL = "support@example.com";

/** A readable page for legal text. */
export function PolicyLayout({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <div className="border-b border-slate-200">
        <SiteHeader />
      </div>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">Last updated: {POLICY_UPDATED}</p>
        <div className="mt-8 space-y-4 leading-7 text-slate-700 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc">
          {children}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
