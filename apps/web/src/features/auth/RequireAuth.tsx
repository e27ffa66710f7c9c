import { SIGNED_IN_LANDING } from "@dubbing/contract";
import { useEffect } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { ApiError } from "../../api/client.ts";
import { buttonPrimary } from "../../components/button-styles.ts";
import { LoadingState } from "../../components/Spinner.tsx";
import { loginPathFor, takeReturnTo } from "./return-to.ts";
import { useCurrentUser } from "./session.ts";

/** Signed-in routes: a visitor without a session goes to /login and comes back after signing in. */
export default function RequireAuth() {
  const me = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const here = location.pathname + location.search;

  // A return path is followed only on the page every sign-in lands on: a later page (one opened before
  // the landing page had read it, or after a sign-in was abandoned) is never moved.
  useEffect(() => {
    if (!me.data || here !== SIGNED_IN_LANDING) return;
    const back = takeReturnTo();
    if (back && back !== here) navigate(back, { replace: true });
  }, [me.data, here, navigate]);

  if (me.isPending) return <LoadingState label="Loading..." />;
  if (me.isError && me.error instanceof ApiError && me.error.code === "account_suspended")
    return (
      <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
        <h1 className="text-xl font-semibold">Your account is suspended</h1>
        <p className="text-slate-600">{me.error.message}</p>
      </main>
    );
  if (me.isError)
    return (
      <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
        <h1 className="text-xl font-semibold">We could not reach the service</h1>
        <p className="text-slate-600">{me.error.message}</p>
        <button type="button" className={buttonPrimary} onClick={() => me.refetch()}>
          Try again
        </button>
      </main>
    );
  if (!me.data) return <Navigate to={loginPathFor(here)} replace />;
  return <Outlet context={me.data} />;
}
