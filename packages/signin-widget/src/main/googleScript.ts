/** Loads Google Identity Services once per page; rejects when the script cannot load. */
const GSI_SRC = "https://accounts.google.com/gsi/client";

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: Record<string, unknown>): void;
      prompt(
        listener?: (n: {
          isNotDisplayed?(): boolean;
          isSkippedMoment?(): boolean;
          getNotDisplayedReason?(): string;
        }) => void,
      ): void;
      cancel(): void;
    };
  };
}

let loading: Promise<GoogleIdentity> | null = null;

export function loadGoogleIdentity(doc: Document = document, timeoutMs = 8000): Promise<GoogleIdentity> {
  const w = doc.defaultView as (Window & { google?: GoogleIdentity }) | null;
  if (w?.google?.accounts?.id) return Promise.resolve(w.google);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = doc.createElement("script");
    script.src = GSI_SRC;
    script.async = true;
    const timer = setTimeout(() => reject(new Error("timed out")), timeoutMs);
    script.onload = () => {
      clearTimeout(timer);
      if (w?.google?.accounts?.id) resolve(w.google);
      else reject(new Error("Google Identity Services did not initialise"));
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error("the Google script could not be loaded"));
    };
    doc.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
