import { Alert } from "@/components/ui/alert";
import { ActionForm } from "@/components/ui/action-form";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Field, inputClass } from "@/components/ui/field";
import type { Db } from "@/db/client";
import { lowBalanceThreshold } from "@/lib/monitoring/settings";
import { formatDateTime } from "@/components/format";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { listWebhooks } from "@/lib/webhooks/list";
import {
  createWebhookAction,
  deleteWebhookAction,
  reactivateWebhookAction,
  rotateWebhookAction,
  testWebhookAction,
  thresholdAction,
} from "./actions";
import { EVENT_TYPES } from "@/components/labels/monitoring";

const ESTADO = { pendiente: "warning", entregado: "success", fallido: "danger", cancelado: "neutral" } as const;

/** The account's webhooks: each with its recent deliveries and actions, a disabled one with its notice; and a form for a new one. */
export async function WebhooksCard({ db, accountId }: { db: Db; accountId: string }) {
  const [{ items }, umbral] = await Promise.all([listWebhooks(db, accountId), lowBalanceThreshold(db, accountId)]);
  const deliveries = await Promise.all(items.map((w) => listDeliveries(db, accountId, w.id, { limit: 5, offset: 0 })));
  return (
    <Card
      id="webhooks"
      title="Webhooks"
      description="Recibí los eventos en tu sistema: un POST firmado según Standard Webhooks (encabezados webhook-id, webhook-timestamp y webhook-signature), con reintentos durante un día."
    >
      {items.map((w, i) => (
        <section key={w.id} aria-label={`Webhook ${w.url}`} className="mb-6 rounded-lg border border-slate-200 p-4">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm break-all">{w.url}</span>
            <Badge tone={w.activo ? "success" : "danger"}>{w.activo ? "Activo" : "Deshabilitado"}</Badge>
          </p>
          <p className="mt-1 text-sm text-slate-600">Eventos: {w.eventos.join(", ")}</p>
          {!w.activo && (
            <Alert tone="danger" title="Este webhook no recibe eventos" className="mt-3">
              {w.motivo} (desde el {formatDateTime(w.deshabilitado_en)}).
            </Alert>
          )}
          {deliveries[i].items.length > 0 && (
            <ul className="mt-3 text-sm">
              {deliveries[i].items.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-2 py-0.5">
                  <Badge tone={ESTADO[d.estado]}>{d.estado}</Badge>
                  <span>{d.tipo}</span>
                  <span className="text-slate-600">
                    {d.intentos} {d.intentos === 1 ? "intento" : "intentos"}
                    {d.ultimo_error ? ` · ${d.ultimo_error}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {w.activo ? (
              <ActionForm action={testWebhookAction} submitLabel="Enviar evento de prueba" pendingLabel="Enviando…" variant="secondary">
                <input type="hidden" name="id" value={w.id} />
              </ActionForm>
            ) : (
              <ActionForm action={reactivateWebhookAction} submitLabel="Reactivar" pendingLabel="Reactivando…" variant="secondary">
                <input type="hidden" name="id" value={w.id} />
              </ActionForm>
            )}
            <ActionForm action={rotateWebhookAction} submitLabel="Rotar secreto" pendingLabel="Rotando…" variant="secondary">
              <input type="hidden" name="id" value={w.id} />
            </ActionForm>
            <ActionForm action={deleteWebhookAction} submitLabel="Eliminar" pendingLabel="Eliminando…" variant="danger">
              <input type="hidden" name="id" value={w.id} />
            </ActionForm>
          </div>
        </section>
      ))}
      <ActionForm action={createWebhookAction} submitLabel="Crear webhook" pendingLabel="Creando…">
        <Field label="URL del receptor" hint="https://… Tiene que ser una dirección pública." className="sm:min-w-96">
          <input name="url" type="url" required className={inputClass} placeholder="https://tu-sistema.example/legajo" />
        </Field>
        <fieldset className="text-sm">
          <legend className="mb-1 font-medium text-slate-800">Eventos</legend>
          {EVENT_TYPES.map((t) => (
            <label key={t.value} className="mr-4 inline-flex items-center gap-1">
              <input type="checkbox" name="eventos" value={t.value} defaultChecked={t.value === "monitoreo.cambio"} /> {t.label}
            </label>
          ))}
        </fieldset>
      </ActionForm>
      <div className="mt-6 border-t border-slate-200 pt-4">
        <ActionForm action={thresholdAction} submitLabel="Guardar umbral" pendingLabel="Guardando…" variant="secondary">
          <Field label="Aviso de saldo bajo (unidades)" hint="Cuando un informe deje tu saldo por debajo de este número, se emite el evento saldo.bajo. Vacío: sin aviso.">
            <input name="umbral" inputMode="numeric" defaultValue={umbral ?? ""} className={inputClass} />
          </Field>
        </ActionForm>
      </div>
    </Card>
  );
}
