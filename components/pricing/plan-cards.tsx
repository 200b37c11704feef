import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { formatArs } from "@/lib/web/format";
import { planFeatures, planName, type PlanPrice } from "@/lib/web/plans";

/** One card per plan from the live plans table; `current` marks the caller's own plan. */
export function PlanCards({ plans, current, signedIn }: { plans: PlanPrice[]; current?: string; signedIn: boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {plans.map((plan) => {
        const isCurrent = plan.plan_tier === current;
        const byAgreement = plan.price_ars_monthly === null;
        return (
          <li key={plan.plan_tier} className={`flex flex-col rounded-xl border bg-white p-5 shadow-sm ${isCurrent ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"}`}>
            <div className="flex items-start justify-between gap-2">
              <h3 className="text-lg font-semibold text-slate-900">{planName(plan)}</h3>
              {isCurrent && <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200">Tu plan</span>}
            </div>
            <p className="mt-2 text-2xl font-semibold text-slate-900 tabular-nums">
              {formatArs(plan.price_ars_monthly)}
              {!byAgreement && plan.price_ars_monthly !== 0 && <span className="text-sm font-normal text-slate-600"> /mes</span>}
            </p>
            <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
              {planFeatures(plan).map((f) => (
                <li key={f} className="flex gap-2">
                  <span aria-hidden="true" className="text-brand-600">
                    ✓
                  </span>
                  <span>{f}</span>
                </li>
              ))}
            </ul>
            {!signedIn && (
              <Link
                href="/signup"
                className={buttonClass(plan.price_ars_monthly === 0 ? "primary" : "secondary", "md", "mt-5 w-full")}
              >
                {plan.price_ars_monthly === 0 ? "Empezar gratis" : "Crear cuenta"}
                <span className="sr-only"> para el plan {planName(plan)}</span>
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
