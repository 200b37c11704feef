import Link from "next/link";
import { requestPlanAction } from "@/app/(web)/planes/actions";
import { ActionForm } from "@/components/ui/action-form";
import { buttonClass } from "@/components/ui/button";
import { formatDate } from "@/components/format";
import { planName, type PlanPrice } from "@/lib/web/plans";

/** Who is looking at the plans, as far as their buttons go. */
export interface PlanViewer {
  /** The caller's plan; absent when signed out. */
  current?: string;
  /** Plans the caller already asked sales for and that are still pending, with the day asked. */
  pending?: Map<string, Date>;
}

/**
 * The button under a plan, saying what it does. Signed out: every account starts on Free, so a paid plan's button
 * says so (Free now, then a request to sales). Signed in: a plan above one's own is a request to sales, recorded for
 * the admins; the plan itself changes when sales moves the account.
 */
export function PlanAction({ plan, plans, viewer }: { plan: PlanPrice; plans: PlanPrice[]; viewer: PlanViewer }) {
  const name = planName(plan);
  const free = plan.price_ars_monthly === 0;
  if (viewer.current === undefined) {
    return (
      <div className="mt-5">
        <Link href="/signup" className={buttonClass(free ? "primary" : "secondary", "md", "w-full text-center whitespace-normal!")}>
          {free ? "Empezar gratis" : `Empezar en Free y pedir ${name}`}
        </Link>
        {!free && <p className="mt-2 text-xs text-slate-600">Tu cuenta empieza en Free. Desde esta página pedís {name} y ventas te escribe para el pago.</p>}
      </div>
    );
  }
  const rank = (tier: string) => plans.findIndex((p) => p.plan_tier === tier);
  if (plan.plan_tier === viewer.current || rank(plan.plan_tier) < rank(viewer.current)) return null;
  const asked = viewer.pending?.get(plan.plan_tier);
  if (asked) {
    return (
      // After the request the page re-renders with this note in place of the button: it is the confirmation, announced.
      <p role="status" className="mt-5 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid={`plan-pedido-${plan.plan_tier}`}>
        Pediste {name} el {formatDate(asked)}: registramos tu pedido y ventas te va a escribir a tu email.
      </p>
    );
  }
  return (
    <div className="mt-5">
      <ActionForm action={requestPlanAction} submitLabel={`Pedir ${name}`} pendingLabel="Enviando pedido…" variant="secondary">
        <input type="hidden" name="tier" value={plan.plan_tier} />
      </ActionForm>
      <p className="mt-2 text-xs text-slate-600">Registramos el pedido y ventas te escribe para coordinar el pago; el plan cambia cuando se acredita.</p>
    </div>
  );
}
