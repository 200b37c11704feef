"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requestPlan } from "@/lib/billing/plan-requests";
import { done, type ActionState } from "@/lib/web/action-state";
import { textField, webAction } from "@/lib/web/action";

/** A signed-in customer asks sales for a paid plan; the admins see it in Administración › Solicitudes. */
export const requestPlanAction = webAction(
  { access: "session", form: z.object({ tier: textField }) },
  async ({ input, db, caller, actor }): Promise<ActionState> => {
    const { created } = await requestPlan(db, caller.accountId, input.tier, actor);
    revalidatePath("/planes");
    revalidatePath("/");
    revalidatePath("/admin/solicitudes");
    return done(
      created
        ? "Listo: registramos tu pedido. Ventas te escribe a tu email para coordinar el pago; el plan cambia cuando se acredita."
        : "Ya habías pedido este plan. Ventas te va a escribir a tu email.",
    );
  },
);
