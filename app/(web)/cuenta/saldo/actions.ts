"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { cancelOrder, createOrder } from "@/lib/billing/orders";
import { formText } from "@/lib/form-data";
import { done, type ActionState } from "@/lib/web/action-state";
import { actorOf, failure, sessionActionCaller } from "@/lib/web/session-action";

/** Orders a pack and takes the customer to its transfer instructions. */
export async function orderPackAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  let orderId: string;
  try {
    const caller = await sessionActionCaller();
    const order = await createOrder(await getDb(), caller.accountId, formText(form, "packId"), await actorOf(caller));
    orderId = order.id;
  } catch (e) {
    return failure(e);
  }
  revalidatePath("/cuenta/saldo");
  redirect(`/cuenta/pedidos/${orderId}?nuevo=1`);
}

/** A customer cancels one of their own pending orders. */
export async function cancelMyOrderAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const caller = await sessionActionCaller();
    const orderId = formText(form, "orderId");
    await cancelOrder(await getDb(), orderId, await actorOf(caller), caller.accountId);
    revalidatePath(`/cuenta/pedidos/${orderId}`);
    revalidatePath("/cuenta/saldo");
    return done("Pedido cancelado.");
  } catch (e) {
    return failure(e);
  }
}
