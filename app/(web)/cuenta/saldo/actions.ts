"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { cancelOrder, createOrder } from "@/lib/billing/orders";
import { done, type ActionState } from "@/lib/web/action-state";
import { textField, webAction } from "@/lib/web/action";

/** Orders a pack and takes the customer to its transfer instructions. */
export const orderPackAction = webAction(
  { access: "session", form: z.object({ packId: textField }) },
  async ({ input, db, caller, actor }): Promise<ActionState> => {
    const order = await createOrder(db, caller.accountId, input.packId, actor);
    revalidatePath("/cuenta/saldo");
    redirect(`/cuenta/pedidos/${order.id}?nuevo=1`);
  },
);

/** A customer cancels one of their own pending orders. */
export const cancelMyOrderAction = webAction(
  { access: "session", form: z.object({ orderId: textField }) },
  async ({ input, db, caller, actor }): Promise<ActionState> => {
    await cancelOrder(db, input.orderId, actor, caller.accountId);
    revalidatePath(`/cuenta/pedidos/${input.orderId}`);
    revalidatePath("/cuenta/saldo");
    return done("Pedido cancelado.");
  },
);
