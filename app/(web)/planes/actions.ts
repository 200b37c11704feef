"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { requestPlan } from "@/lib/billing/plan-requests";
import { formText } from "@/lib/form-data";
import { done, type ActionState } from "@/lib/web/action-state";
import { actorOf, failure, sessionActionCaller } from "@/lib/web/session-action";

/** A signed-in customer asks sales for a paid plan; the admins see it in Administración › Solicitudes. */
export async function requestPlanAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const caller = await sessionActionCaller();
    const { created } = await requestPlan(await getDb(), caller.accountId, formText(form, "tier"), await actorOf(caller));
    revalidatePath("/planes");
    revalidatePath("/");
    revalidatePath("/admin/solicitudes");
    return done(
      created
        ? "Listo: registramos tu pedido. Ventas te escribe a tu email para coordinar el pago; el plan cambia cuando se acredita."
        : "Ya habías pedido este plan. Ventas te va a escribir a tu email.",
    );
  } catch (e) {
    return failure(e);
  }
}
