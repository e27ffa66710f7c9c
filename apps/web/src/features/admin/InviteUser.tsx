import { useId, useState } from "react";
import { buttonPrimary, inputBase } from "../../components/button-styles.ts";
import { notify } from "../toast/toast-store.ts";
import { inviteUser, usePlanList } from "./api.ts";

/**
 * The Users section's Invite form (POST /api/admin/invites): an address and a plan; the address may then
 * sign up whatever SIGNUP_ALLOWED_EMAILS says, its account starts on that plan, and an email tells it
 * where to sign in.
 */
export function InviteUser() {
  const id = useId();
  const plans = usePlanList();
  const [email, setEmail] = useState("");
  const [plan, setPlan] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = plan || plans.data?.signupPlan || "";

  const send = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await inviteUser(email.trim(), chosen);
      const name = plans.data?.plans.find((p) => p.id === chosen)?.name ?? chosen;
      notify.success(`Invitation sent to ${email.trim()} (the ${name} plan).`);
      setEmail("");
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-labelledby={`${id}-h`}
      className="mt-4 flex max-w-2xl flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <h3 id={`${id}-h`} className="w-full text-sm font-semibold text-slate-800">
        Invite someone
      </h3>
      <label className="min-w-0 flex-1 text-sm text-slate-700">
        Email to invite
        <input
          type="email"
          required
          className={inputBase}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <label className="text-sm text-slate-700">
        Plan
        <select
          className={`${inputBase} w-auto`}
          value={chosen}
          onChange={(event) => setPlan(event.target.value)}
        >
          {plans.data?.plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonPrimary} disabled={busy || !email.trim() || !chosen}>
        {busy ? "Inviting..." : "Invite"}
      </button>
      {problem && (
        <p role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}
