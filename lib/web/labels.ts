import type { Tone } from "@/components/ui/badge";
import type { LedgerEntry, PackOrder } from "@/db/schema";
import type { KeyState } from "@/lib/auth/api-keys";

/** Customer words for the ledger: what happened, never "credits". */
export const LEDGER_KIND: Record<LedgerEntry["kind"], string> = {
  allotment_grant: "Cupo mensual del plan",
  allotment_expire: "Cierre del cupo del mes",
  report_debit: "Informe generado",
  purchase: "Compra de pack",
  operator_load: "Carga de saldo",
};

export const POCKET: Record<LedgerEntry["pocket"], string> = { cupo: "Cupo del plan", comprado: "Comprado" };

export const ORDER_STATUS: Record<PackOrder["status"], { label: string; tone: Tone }> = {
  pending: { label: "Pendiente de pago", tone: "warning" },
  confirmed: { label: "Acreditado", tone: "success" },
  cancelled: { label: "Cancelado", tone: "neutral" },
};

export const KEY_STATE: Record<KeyState, { label: string; tone: Tone }> = {
  active: { label: "Activa", tone: "success" },
  revoked: { label: "Revocada", tone: "neutral" },
  expired: { label: "Vencida", tone: "warning" },
};

/** The audit log's actions in admin words; an unknown action shows as itself. */
export const AUDIT_ACTION: Record<string, string> = {
  "account.create": "Alta de cuenta",
  "account.plan": "Cambio de plan",
  "account.suspend": "Suspensión",
  "account.unsuspend": "Reactivación",
  "balance.load": "Carga de saldo",
  "order.create": "Pedido de pack",
  "order.confirm": "Pedido acreditado",
  "order.cancel": "Pedido cancelado",
  "plan.request": "Solicitud de plan",
  "plan.request.handled": "Solicitud de plan atendida",
  "key.create": "Clave de API creada",
  "key.revoke": "Clave de API revocada",
  "report.view": "Informe de otra cuenta consultado",
  "dataset.publish": "Publicación de snapshot iniciada",
  "dataset.publish.done": "Snapshot publicado",
  "dataset.publish.failed": "Publicación de snapshot fallida",
};
