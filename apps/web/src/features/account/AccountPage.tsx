import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { buttonDanger, buttonPrimary, buttonSecondary, inputBase } from "../../components/button-styles.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DownloadIcon } from "../../components/icons.tsx";
import { LoadingState } from "../../components/Spinner.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { SignOutEverywhere } from "../auth/SignOutEverywhere.tsx";
import { notify } from "../toast/toast-store.ts";
import { ApiKeys } from "./ApiKeys.tsx";
import {
  type Account,
  deleteAccount,
  exportKey,
  formatBytes,
  isPreparing,
  startExport,
  useAccount,
  useDataExport,
  useExportEstimate,
} from "./api.ts";
import { Webhooks } from "./Webhooks.tsx";

const card = "rounded-2xl border border-slate-200 bg-white p-6";

/** Settings: who you are, how you sign in, your sessions, your data, and closing the account. */
export default function AccountPage() {
  usePageTitle("Account");
  const account = useAccount();
  if (account.isPending) return <LoadingState label="Loading your account..." />;
  if (account.isError || !account.data)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        Failed to load your account. Please try again later.
      </p>
    );
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Account</h1>
      <Profile account={account.data} />
      <SignOutEverywhere />
      <ApiKeys />
      <Webhooks />
      <DownloadData />
      <DeleteAccount email={account.data.email} />
    </div>
  );
}

function Profile({ account }: { account: Account }) {
  const { emails, phones, oauth, password } = account.signInMethods;
  const methods = [
    ...emails.map((e) => `Email link to ${e}`),
    ...phones.map((p) => `Code by text message to ${p}`),
    ...oauth.map((p) => `${p[0]!.toUpperCase()}${p.slice(1)} account`),
    ...(password ? ["Password"] : []),
  ];
  return (
    <section aria-labelledby="profile-title" className={card}>
      <h2 id="profile-title" className="text-lg font-semibold text-slate-900">
        Profile
      </h2>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-500">Email</dt>
        <dd className="font-medium text-slate-900" data-testid="account-email">
          {account.email}
        </dd>
        {account.createdAt && (
          <>
            <dt className="text-slate-500">Member since</dt>
            <dd className="text-slate-900">{new Date(account.createdAt).toLocaleDateString()}</dd>
          </>
        )}
        <dt className="text-slate-500">Sign-in methods</dt>
        <dd>
          <ul className="space-y-1 text-slate-900">
            {methods.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </dd>
      </dl>
    </section>
  );
}

function DownloadData() {
  const client = useQueryClient();
  const estimate = useExportEstimate();
  const latest = useDataExport();
  const [starting, setStarting] = useState(false);
  const current = latest.data;
  const start = async () => {
    setStarting(true);
    try {
      const { export: started } = await startExport();
      client.setQueryData(exportKey, started);
    } catch (error) {
      notify.error((error as Error).message || "Your data could not be prepared. Please try again.");
    } finally {
      setStarting(false);
    }
  };
  return (
    <section aria-labelledby="data-title" className={card}>
      <h2 id="data-title" className="text-lg font-semibold text-slate-900">
        Download my data
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A ZIP file with your projects' details, transcripts, translations and subtitles, your storyboards, and
        links to your videos that work for 7 days.
      </p>
      {estimate.data && (
        <p className="mt-2 text-sm text-slate-600" data-testid="export-estimate">
          About {formatBytes(estimate.data.estimatedBytes)}: {estimate.data.projects}{" "}
          {estimate.data.projects === 1 ? "project" : "projects"} and {estimate.data.storyboards}{" "}
          {estimate.data.storyboards === 1 ? "storyboard" : "storyboards"}.
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3" aria-live="polite">
        {isPreparing(current) ? (
          <p className="text-sm text-slate-700">Preparing your data…</p>
        ) : (
          <button type="button" className={buttonSecondary} disabled={starting} onClick={() => void start()}>
            {starting
              ? "Starting..."
              : current?.status === "ready"
                ? "Prepare a new download"
                : "Prepare download"}
          </button>
        )}
        {current?.status === "ready" && current.url && (
          <a href={current.url} download className={buttonPrimary}>
            <DownloadIcon className="size-4" /> Download ZIP ({formatBytes(current.sizeBytes ?? 0)})
          </a>
        )}
        {current?.status === "failed" && (
          <p role="alert" className="text-sm text-red-700">
            {current.message ?? "The export failed."}
          </p>
        )}
      </div>
    </section>
  );
}

function DeleteAccount({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  return (
    <section aria-labelledby="delete-title" className={`${card} border-red-200`}>
      <h2 id="delete-title" className="text-lg font-semibold text-red-800">
        Delete account
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Deletes your account, every project, translation, dubbed video and storyboard, and cancels your
        subscription. Minutes you used this month are not refunded.
      </p>
      <button
        type="button"
        className={`${buttonDanger} mt-4`}
        onClick={() => {
          setTyped("");
          setOpen(true);
        }}
      >
        Delete account
      </button>
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        confirmLabel="Delete my account"
        busyLabel="Deleting..."
        disabled={!matches}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          await deleteAccount(typed);
          window.location.replace("/?account=deleted");
        }}
      >
        <p>
          Everything goes now and cannot be recovered. If you sign in again later with the same email, you
          start with a new, empty account.
        </p>
        <label htmlFor={inputId} className="block font-medium text-slate-700">
          Type your email address ({email}) to confirm
        </label>
        <input
          id={inputId}
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className={inputBase}
        />
      </ConfirmDialog>
    </section>
  );
}
