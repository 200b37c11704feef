import { formatArs } from "@/components/format";
import { planFeatures, planName, type PlanPrice } from "@/lib/web/plans";
import { PlanAction, type PlanViewer } from "./plan-action";

/**
 * One card per plan from the live plans table, listing what it includes with a check mark and what it lacks with a
 * cross (each also said in words for screen readers); the viewer's own plan is marked.
 */
export function PlanCards({ plans, viewer }: { plans: PlanPrice[]; viewer: PlanViewer }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {plans.map((plan) => {
        const isCurrent = plan.plan_tier === viewer.current;
        const byAgreement = plan.price_ars_monthly === null;
        return (
          <li
            key={plan.plan_tier}
            data-plan={plan.plan_tier}
            className={`flex flex-col rounded-xl border bg-white p-5 shadow-sm ${isCurrent ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"}`}
          >
            <div className="flex items-start justify-between gap-2">
              <h3 className="text-lg font-semibold text-slate-900">{planName(plan)}</h3>
              {isCurrent && <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200">Tu plan</span>}
            </div>
            <p className="mt-2 text-2xl font-semibold text-slate-900 tabular-nums">
              {formatArs(plan.price_ars_monthly)}
              {!byAgreement && plan.price_ars_monthly !== 0 && <span className="text-sm font-normal text-slate-600"> /mes</span>}
            </p>
            <ul className="mt-4 flex-1 space-y-2 text-sm">
              {planFeatures(plan).map((f) => (
                <li key={f.text} className={`flex gap-2 ${f.included ? "text-slate-700" : "text-slate-500"}`}>
                  <span aria-hidden="true" className={f.included ? "text-brand-600" : "text-slate-400"}>
                    {f.included ? "✓" : "✕"}
                  </span>
                  <span>
                    <span className="sr-only">{f.included ? "Incluye: " : "No incluye: "}</span>
                    {f.text}
                  </span>
                </li>
              ))}
            </ul>
            <PlanAction plan={plan} plans={plans} viewer={viewer} />
          </li>
        );
      })}
    </ul>
  );
}
