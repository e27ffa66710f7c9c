import type { AdminUser } from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { inputBase } from "../../components/button-styles.ts";
import { notify } from "../toast/toast-store.ts";
import { adminKey, setUserPlan, usePlanList } from "./api.ts";

/**
 * A user's plan, changed on the spot (PUT /api/admin/users/{id}/plan). A plan the server no longer
 * defines is named, with the sign-up plan's limits it now has.
 */
export function PlanPicker({ user }: { user: AdminUser }) {
  const plans = usePlanList();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const change = async (plan: string) => {
    setBusy(true);
    try {
      await setUserPlan(user.id, plan);
      await client.invalidateQueries({ queryKey: adminKey });
      const name = plans.data?.plans.find((p) => p.id === plan)?.name ?? plan;
      notify.success(`${user.email} is now on the ${name} plan.`);
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (!plans.data) return <>{user.plan}</>;
  return (
    <>
      <select
        aria-label={`Plan of ${user.email}`}
        className={`${inputBase} w-auto py-1`}
        value={user.plan}
        disabled={busy}
        onChange={(event) => void change(event.target.value)}
      >
        {plans.data.plans.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      {user.undefinedPlan && (
        <p className="mt-1 text-xs text-amber-700" data-testid="undefined-plan">
          On "{user.undefinedPlan}", which this server no longer defines: the sign-up plan's limits apply.
        </p>
      )}
    </>
  );
}
