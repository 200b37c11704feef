"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { formText } from "@/lib/form-data";
import { ApiError } from "@/lib/http/errors";
import { watchLimitOfTier } from "@/lib/monitoring/limits";
import { MAX_LIST_LINES, parseWatchList } from "@/lib/monitoring/parse-list";
import { setLowBalanceThreshold } from "@/lib/monitoring/settings";
import { unwatchCuit } from "@/lib/monitoring/unwatch";
import { watchMany } from "@/lib/monitoring/watch";
import { webhookPostBodySchema } from "@/lib/schemas/monitoring";
import { done, type ActionState } from "@/lib/web/action-state";
import { formatInt, plural } from "@/lib/web/format";
import { enforceWebLimit } from "@/lib/web/rate-limit";
import { failure, sessionActionCaller } from "@/lib/web/session-action";
import { createWebhook } from "@/lib/webhooks/create";
import { reactivateWebhook } from "@/lib/webhooks/reactivate";
import { deleteWebhook } from "@/lib/webhooks/remove";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate";
import { sendTestEvent } from "@/lib/webhooks/send-test";

const PAGE = "/monitoreo";

/** The signed-in account and its watch limit, counted against the API's monitoring budget. */
async function monitoringCaller() {
  const caller = await sessionActionCaller();
  await enforceWebLimit("monitoring", caller.accountId);
  return caller;
}

/** Adds the CUITs of a pasted list and of an uploaded CSV, up to the plan's limit. */
export async function watchListAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const caller = await monitoringCaller();
    const limit = watchLimitOfTier(caller.account.planTier, caller.account.isAdmin);
    if (limit === 0) throw new ApiError(403, "tier_required", { text: "Tu plan no incluye monitoreo. Pasate a Pro o superior para vigilar CUITs." });
    const file = form.get("archivo");
    const text = `${formText(form, "lista")}\n${file instanceof File && file.size > 0 ? await file.text() : ""}`;
    const entries = parseWatchList(text);
    if (entries.length === 0) throw new ApiError(400, "body_invalido", { text: "Pegá al menos un CUIT o DNI, o subí un CSV con uno por línea." });
    if (entries.length > MAX_LIST_LINES) throw new ApiError(400, "body_invalido", { text: `Una carga admite hasta ${formatInt(MAX_LIST_LINES)} líneas.` });
    const r = await watchMany(await getDb(), caller.accountId, limit, entries);
    revalidatePath(PAGE);
    const parts = [`Agregaste ${plural(r.agregados, "CUIT", "CUITs")}.`];
    if (r.existentes) parts.push(`${plural(r.existentes, "ya estaba", "ya estaban")} en la lista.`);
    if (r.invalidos.length) parts.push(`${plural(r.invalidos.length, "entrada no es válida", "entradas no son válidas")}: ${r.invalidos.slice(0, 5).map((i) => i.entrada).join(", ")}.`);
    if (r.excedidos.length) parts.push(`${plural(r.excedidos.length, "quedó afuera", "quedaron afuera")} por el límite de ${formatInt(limit)} de tu plan.`);
    return done(parts.join(" "));
  } catch (e) {
    return failure(e);
  }
}

export async function unwatchAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const caller = await monitoringCaller();
    const { cuit } = await unwatchCuit(await getDb(), caller.accountId, formText(form, "cuit"));
    revalidatePath(PAGE);
    return done(`Dejaste de monitorear ${cuit}.`);
  } catch (e) {
    return failure(e);
  }
}

/** A new webhook; its secret is shown in the answer, the only time. */
export async function createWebhookAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const caller = await monitoringCaller();
    const parsed = webhookPostBodySchema.safeParse({ url: formText(form, "url").trim(), eventos: form.getAll("eventos") });
    if (!parsed.success) throw new ApiError(400, "body_invalido", { text: "Indicá una URL http o https y al menos un tipo de evento." });
    const created = await createWebhook(await getDb(), caller.accountId, parsed.data);
    revalidatePath(PAGE);
    return done(`Webhook creado. Guardá su secreto de firma ahora, no lo vas a ver de nuevo: ${created.secreto}`);
  } catch (e) {
    return failure(e);
  }
}

export async function rotateWebhookAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const caller = await monitoringCaller();
    const { secreto } = await rotateWebhookSecret(await getDb(), caller.accountId, formText(form, "id"));
    return done(`Nuevo secreto (el anterior sigue firmando durante un día): ${secreto}`);
  } catch (e) {
    return failure(e);
  }
}

export async function testWebhookAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const caller = await monitoringCaller();
    const { entrega_id } = await sendTestEvent(await getDb(), caller.accountId, formText(form, "id"));
    revalidatePath(PAGE);
    return done(`Enviamos un evento de prueba (webhook-id ${entrega_id}). Seguilo en las entregas.`);
  } catch (e) {
    return failure(e);
  }
}

export async function reactivateWebhookAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const caller = await monitoringCaller();
    await reactivateWebhook(await getDb(), caller.accountId, formText(form, "id"));
    revalidatePath(PAGE);
    return done("Reactivaste el webhook: vuelve a recibir eventos nuevos.");
  } catch (e) {
    return failure(e);
  }
}

export async function deleteWebhookAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const caller = await monitoringCaller();
    await deleteWebhook(await getDb(), caller.accountId, formText(form, "id"));
    revalidatePath(PAGE);
    return done("Eliminaste el webhook; sus entregas pendientes se cancelaron.");
  } catch (e) {
    return failure(e);
  }
}

/** The `saldo.bajo` threshold; empty removes it. */
export async function thresholdAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  try {
    const caller = await monitoringCaller();
    const raw = formText(form, "umbral").replace(/\./g, "").trim();
    const umbral = raw === "" ? null : Number(raw);
    await setLowBalanceThreshold(await getDb(), caller.accountId, umbral);
    revalidatePath(PAGE);
    return done(umbral === null ? "Quitaste el aviso de saldo bajo." : `Te avisamos (evento saldo.bajo) cuando el saldo baje de ${formatInt(umbral)} unidades.`);
  } catch (e) {
    return failure(e);
  }
}
