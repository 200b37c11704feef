"use server";

import { revalidatePath } from "next/cache";
import { getDb, withTransaction } from "@/db/client";
import { changePlan, setSuspended } from "@/lib/accounts/update";
import { recordAudit } from "@/lib/audit/record";
import { creditPurchased } from "@/lib/billing/credit";
import { cancelOrder, confirmOrder } from "@/lib/billing/orders";
import { formText } from "@/lib/form-data";
import { done, type ActionState } from "@/lib/web/action-state";
import { formatInt } from "@/lib/web/format";
import { adminActionCaller, failure } from "@/lib/web/session-action";

/** Every admin action re-renders the console's pages that show its effect. */
function refresh(accountId?: string) {
  revalidatePath("/admin", "layout");
  if (accountId) revalidatePath(`/admin/cuentas/${accountId}`);
}

export async function changePlanAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const { actor } = await adminActionCaller();
    const accountId = formText(form, "accountId");
    const { plan } = await changePlan(await getDb(), accountId, formText(form, "plan"), actor);
    refresh(accountId);
    return done(`Plan cambiado a ${plan}.`);
  } catch (e) {
    return failure(e);
  }
}

export async function setSuspendedAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const { actor } = await adminActionCaller();
    const accountId = formText(form, "accountId");
    const suspend = formText(form, "suspend") === "true";
    await setSuspended(await getDb(), accountId, suspend, actor);
    refresh(accountId);
    return done(suspend ? "Cuenta suspendida." : "Cuenta reactivada.");
  } catch (e) {
    return failure(e);
  }
}

/** An operator load of purchased units, with the audit entry in the same transaction as the credit. */
export async function loadBalanceAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const { actor } = await adminActionCaller();
    const accountId = formText(form, "accountId");
    // creditPurchased checks the range (the CLI's balance:load goes through the same rule).
    const units = Number(formText(form, "units"));
    const note = formText(form, "note").trim().slice(0, 200) || undefined;
    const { comprado } = await withTransaction(await getDb(), async (tx) => {
      const result = await creditPurchased(tx, accountId, units, { kind: "operator_load", note });
      await recordAudit(tx, actor, "balance.load", accountId, { units, note: note ?? null });
      return result;
    });
    refresh(accountId);
    return done(`Cargamos ${formatInt(units)} unidades. Comprado disponible: ${formatInt(comprado)}.`);
  } catch (e) {
    return failure(e);
  }
}

export async function confirmOrderAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const { actor } = await adminActionCaller();
    const { order } = await confirmOrder(await getDb(), formText(form, "orderId"), actor);
    refresh(order.accountId);
    return done(`Pedido ${order.id} acreditado.`);
  } catch (e) {
    return failure(e);
  }
}

export async function cancelOrderAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const { actor } = await adminActionCaller();
    const order = await cancelOrder(await getDb(), formText(form, "orderId"), actor);
    refresh(order.accountId);
    return done(`Pedido ${order.id} cancelado.`);
  } catch (e) {
    return failure(e);
  }
}
