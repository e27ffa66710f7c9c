import { lazy, Suspense } from "react";
import { useAppConfig } from "../../api/config.ts";
import { LoadingState } from "../../components/Spinner.tsx";

const SignInMount = lazy(() => import("./SignInMount.tsx"));

/** `<SignIn>` from @dubbing/signin-widget (e-mail magic link and the configured social sign-ins), configured from /api/config. */
export function SignInWidget() {
  const config = useAppConfig();
  if (config.isPending) return <LoadingState label="Loading sign-in..." />;
  if (config.isError || !config.data.identity?.publicToken)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
        Sign-in is unavailable right now. Please try again later.
      </p>
    );
  return (
    <Suspense fallback={<LoadingState label="Loading sign-in..." />}>
      <SignInMount config={config.data} />
    </Suspense>
  );
}
