"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { changePlan, setSuspended } from "@/lib/accounts/update";
import { loadBalance } from "@/lib/billing/credit";
import { cancelOrder, confirmOrder } from "@/lib/billing/orders";
import { done, type ActionState } from "@/lib/web/action-state";
import { textField, webAction } from "@/lib/web/action";
import { formatInt, formatTier } from "@/components/format";

/** Every admin action re-renders the console's pages that show its effect. */
function refresh(accountId?: string) {
  revalidatePath("/admin", "layout");
  if (accountId) revalidatePath(`/admin/cuentas/${accountId}`);
}

export const changePlanAction = webAction(
  { access: "admin", form: z.object({ accountId: textField, plan: textField }) },
  async ({ input, db, actor }): Promise<ActionState> => {
    const { plan } = await changePlan(db, input.accountId, input.plan, actor);
    refresh(input.accountId);
    return done(`Plan cambiado a ${formatTier(plan)}.`);
  },
);

export const setSuspendedAction = webAction(
  { access: "admin", form: z.object({ accountId: textField, suspend: textField.transform((v) => v === "true") }) },
  async ({ input, db, actor }): Promise<ActionState> => {
    await setSuspended(db, input.accountId, input.suspend, actor);
    refresh(input.accountId);
    return done(input.suspend ? "Cuenta suspendida." : "Cuenta reactivada.");
  },
);

/** An operator load of purchased units: the service checks the range (the CLI's balance:load goes through it too) and audits. */
export const loadBalanceAction = webAction(
  { access: "admin", form: z.object({ accountId: textField, units: textField.transform(Number), note: textField }) },
  async ({ input, db, actor }): Promise<ActionState> => {
    const { comprado } = await loadBalance(db, input.accountId, { units: input.units, note: input.note }, actor);
    refresh(input.accountId);
    return done(`Cargamos ${formatInt(input.units)} unidades. Comprado disponible: ${formatInt(comprado)}.`);
  },
);

export const confirmOrderAction = webAction(
  { access: "admin", form: z.object({ orderId: textField }) },
  async ({ input, db, actor }): Promise<ActionState> => {
    const { order } = await confirmOrder(db, input.orderId, actor);
    refresh(order.accountId);
    return done(`Pedido ${order.id} acreditado.`);
  },
);

export const cancelOrderAction = webAction(
  { access: "admin", form: z.object({ orderId: textField }) },
  async ({ input, db, actor }): Promise<ActionState> => {
    const order = await cancelOrder(db, input.orderId, actor);
    refresh(order.accountId);
    return done(`Pedido ${order.id} cancelado.`);
  },
);
