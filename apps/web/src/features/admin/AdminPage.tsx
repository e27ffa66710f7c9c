import { useState } from "react";
import { Link } from "react-router";
import { LoadingState } from "../../components/Spinner.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { NotFoundPage } from "../errors/NotFoundPage.tsx";
import { AuditSection } from "./AuditSection.tsx";
import { isNotFound, useAdminMe } from "./api.ts";
import { EnginesSection } from "./EnginesSection.tsx";
import { JobsSection } from "./JobsSection.tsx";
import { ModelsSection } from "./ModelsSection.tsx";
import { StorageSection } from "./StorageSection.tsx";
import { Tabs } from "./Tabs.tsx";
import { UsersSection } from "./UsersSection.tsx";

const TABS = [
  { id: "users", label: "Users" },
  { id: "jobs", label: "Jobs" },
  { id: "engines", label: "Engines" },
  { id: "storage", label: "Storage" },
  { id: "audit", label: "Audit" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/**
 * The operator's console. To anyone the server does not take for an operator (signed out, not in
 * ADMIN_EMAILS) it is the app's not-found page, as for any address that does not exist.
 */
export default function AdminPage() {
  const me = useAdminMe();
  if (me.isPending) return <LoadingState label="Loading..." />;
  if (me.isError && isNotFound(me.error)) return <NotFoundPage />;
  if (me.isError || !me.data)
    return (
      <main className="mx-auto max-w-md p-6">
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          Could not load the console: {me.error?.message ?? "unknown error"}
        </p>
      </main>
    );
  return <Console email={me.data.email} />;
}

function Console({ email }: { email: string }) {
  usePageTitle("Operator's console");
  const [tab, setTab] = useState<Tab>("users");
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Operator's console</h1>
        <p className="text-sm text-slate-600">
          Signed in as <span className="font-medium">{email}</span> ·{" "}
          <Link to="/projects" className="font-medium text-indigo-600 hover:underline">
            ← Back to the app
          </Link>
        </p>
      </header>
      <Tabs label="Console sections" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === "users" && <UsersSection me={email} />}
        {tab === "jobs" && <JobsSection />}
        {tab === "engines" && (
          <>
            <EnginesSection />
            <ModelsSection />
          </>
        )}
        {tab === "storage" && <StorageSection />}
        {tab === "audit" && <AuditSection />}
      </Tabs>
    </main>
  );
}
