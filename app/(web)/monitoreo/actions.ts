"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { DomainError } from "@/lib/errors";
import { watchLimitOfTier } from "@/lib/monitoring/limits";
import { MAX_LIST_LINES, parseWatchList } from "@/lib/monitoring/parse-list";
import { setLowBalanceThreshold } from "@/lib/monitoring/settings";
import { unwatchCuit } from "@/lib/monitoring/unwatch";
import { watchMany } from "@/lib/monitoring/watch";
import { webhookPostBodySchema } from "@/lib/schemas/monitoring";
import { done, type ActionState } from "@/lib/web/action-state";
import { formatInt, plural } from "@/components/format";
import { listField, textField, webAction } from "@/lib/web/action";
import { createWebhook } from "@/lib/webhooks/create";
import { reactivateWebhook } from "@/lib/webhooks/reactivate";
import { deleteWebhook } from "@/lib/webhooks/remove";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate";
import { sendTestEvent } from "@/lib/webhooks/send-test";

const PAGE = "/monitoreo";

/** Monitoring spends the API's monitoring budget of the account. */
const watching = <S extends z.ZodType>(form: S) => ({ access: "session" as const, form, limit: "monitoring" as const });

/** Adds the CUITs of a pasted list and of an uploaded CSV, up to the plan's limit. */
export const watchListAction = webAction(
  watching(z.object({ lista: textField, archivo: z.unknown() })),
  async ({ input, db, caller }): Promise<ActionState> => {
    const limit = watchLimitOfTier(caller.account.planTier, caller.account.isAdmin);
    if (limit === 0) throw new DomainError("tier_required", { text: "Tu plan no incluye monitoreo. Pasate a Pro o superior para vigilar CUITs." });
    const file = input.archivo;
    const text = `${input.lista}\n${file instanceof File && file.size > 0 ? await file.text() : ""}`;
    const entries = parseWatchList(text);
    if (entries.length === 0) throw new DomainError("body_invalido", { text: "Pegá al menos un CUIT o DNI, o subí un CSV con uno por línea." });
    if (entries.length > MAX_LIST_LINES) throw new DomainError("body_invalido", { text: `Una carga admite hasta ${formatInt(MAX_LIST_LINES)} líneas.` });
    const r = await watchMany(db, caller.accountId, limit, entries);
    revalidatePath(PAGE);
    const parts = [`Agregaste ${plural(r.agregados, "CUIT", "CUITs")}.`];
    if (r.existentes) parts.push(`${plural(r.existentes, "ya estaba", "ya estaban")} en la lista.`);
    if (r.invalidos.length) parts.push(`${plural(r.invalidos.length, "entrada no es válida", "entradas no son válidas")}: ${r.invalidos.slice(0, 5).map((i) => i.entrada).join(", ")}.`);
    if (r.excedidos.length) parts.push(`${plural(r.excedidos.length, "quedó afuera", "quedaron afuera")} por el límite de ${formatInt(limit)} de tu plan.`);
    return done(parts.join(" "));
  },
);

export const unwatchAction = webAction(watching(z.object({ cuit: textField })), async ({ input, db, caller }): Promise<ActionState> => {
  const { cuit } = await unwatchCuit(db, caller.accountId, input.cuit);
  revalidatePath(PAGE);
  return done(`Dejaste de monitorear ${cuit}.`);
});

/** A new webhook; its secret is shown in the answer, the only time. */
export const createWebhookAction = webAction(
  watching(z.object({ url: textField, eventos: listField })),
  async ({ input, db, caller }): Promise<ActionState> => {
    const parsed = webhookPostBodySchema.safeParse({ url: input.url.trim(), eventos: input.eventos });
    if (!parsed.success) throw new DomainError("body_invalido", { text: "Indicá una URL http o https y al menos un tipo de evento." });
    const created = await createWebhook(db, caller.accountId, parsed.data);
    revalidatePath(PAGE);
    return done(`Webhook creado. Guardá su secreto de firma ahora, no lo vas a ver de nuevo: ${created.secreto}`);
  },
);

const webhookId = z.object({ id: textField });

export const rotateWebhookAction = webAction(watching(webhookId), async ({ input, db, caller }): Promise<ActionState> => {
  const { secreto } = await rotateWebhookSecret(db, caller.accountId, input.id);
  return done(`Nuevo secreto (el anterior sigue firmando durante un día): ${secreto}`);
});

export const testWebhookAction = webAction(watching(webhookId), async ({ input, db, caller }): Promise<ActionState> => {
  const { entrega_id } = await sendTestEvent(db, caller.accountId, input.id);
  revalidatePath(PAGE);
  return done(`Enviamos un evento de prueba (webhook-id ${entrega_id}). Seguilo en las entregas.`);
});

export const reactivateWebhookAction = webAction(watching(webhookId), async ({ input, db, caller }): Promise<ActionState> => {
  await reactivateWebhook(db, caller.accountId, input.id);
  revalidatePath(PAGE);
  return done("Reactivaste el webhook: vuelve a recibir eventos nuevos.");
});

export const deleteWebhookAction = webAction(watching(webhookId), async ({ input, db, caller }): Promise<ActionState> => {
  await deleteWebhook(db, caller.accountId, input.id);
  revalidatePath(PAGE);
  return done("Eliminaste el webhook; sus entregas pendientes se cancelaron.");
});

/** The `saldo.bajo` threshold; empty removes it. */
export const thresholdAction = webAction(watching(z.object({ umbral: textField })), async ({ input, db, caller }): Promise<ActionState> => {
  const raw = input.umbral.replace(/\./g, "").trim();
  const umbral = raw === "" ? null : Number(raw);
  await setLowBalanceThreshold(db, caller.accountId, umbral);
  revalidatePath(PAGE);
  return done(umbral === null ? "Quitaste el aviso de saldo bajo." : `Te avisamos (evento saldo.bajo) cuando el saldo baje de ${formatInt(umbral)} unidades.`);
});
