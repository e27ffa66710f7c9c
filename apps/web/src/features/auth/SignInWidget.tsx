import { useAppConfig } from "../../api/config.ts";
import { LoadingState } from "../../components/Spinner.tsx";
import { signInConfig } from "./signin-config.ts";

/**
 * PLACEHOLDER SLOT for `<SignIn>` from `@dubbing/signin-widget`, which does not export it yet.
 * When it does, render `<SignIn config={signInConfig(config.data)} />` here; the rest of the login
 * screen does not change.
 */
export function SignInWidget() {
  const config = useAppConfig();
  if (config.isPending) return <LoadingState label="Loading sign-in..." />;
  if (config.isError)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
        Sign-in is unavailable right now. Please try again later.
      </p>
    );
  const widget = signInConfig(config.data);
  return (
    <div
      data-testid="signin-slot"
      data-products={widget.products.join(",")}
      className="rounded-2xl border-2 border-dashed border-slate-300 p-6 text-center"
    >
      <p className="font-semibold text-slate-900">Sign up or log in</p>
      <p className="mt-2 text-sm text-slate-600">
        The sign-in form (e-mail magic link and Google) is being connected and will appear here.
      </p>
    </div>
  );
}
