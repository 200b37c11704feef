import type { Tone } from "@/components/ui/badge";
import { formatPeriod, formatTier } from "@/components/format";
import type { LedgerEntry, PackOrder, TipoAccion } from "@/db/schema";
import type { KeyState } from "@/lib/auth/api-keys";

/** Customer words for the ledger: what happened, never "credits". */
export const LEDGER_KIND: Record<LedgerEntry["kind"], string> = {
  allotment_grant: "Cupo mensual del plan",
  allotment_expire: "Cierre del cupo del mes",
  report_debit: "Informe",
  purchase: "Compra de pack",
  operator_load: "Carga de saldo",
};

const PLAN_CHANGE = /^plan (\S+) -> (\S+)$/;
const PERIOD = /^\d{4}-\d{2}$/;
const REPORT_DEBIT: Record<TipoAccion, string> = { nuevo: "Informe nuevo", actualizacion: "Actualización de informe" };

/**
 * One ledger line in words: "Cambio de plan: Free → Ultimate", "Cupo mensual del plan (septiembre de 2026)",
 * "Informe nuevo" or "Actualización de informe" (the report's kind, when the page knows it).
 */
export function ledgerConcept(entry: Pick<LedgerEntry, "kind" | "note">, tipoAccion?: TipoAccion | null): string {
  const note = entry.note?.trim() ?? "";
  const plan = PLAN_CHANGE.exec(note);
  if (plan && (entry.kind === "allotment_grant" || entry.kind === "allotment_expire")) {
    return `Cambio de plan: ${formatTier(plan[1])} → ${formatTier(plan[2])}`;
  }
  if (PERIOD.test(note) && entry.kind === "allotment_grant") return `Cupo mensual del plan (${formatPeriod(note)})`;
  if (PERIOD.test(note) && entry.kind === "allotment_expire") return `Cierre del cupo de ${formatPeriod(note)}`;
  if (entry.kind === "report_debit" && tipoAccion) return REPORT_DEBIT[tipoAccion];
  return LEDGER_KIND[entry.kind];
}

/** The note a ledger line still shows beside its concept: only an operator's own words (plan and period notes are in the concept). */
export const ledgerNote = (entry: Pick<LedgerEntry, "kind" | "note">): string | null => (entry.kind === "operator_load" ? entry.note : null);

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
  "dataset.snapshot_pruned": "Snapshot viejo retirado",
  "user.verify_email": "Email verificado",
  "user.password_change": "Cambio de contraseña",
  "user.password_reset": "Contraseña restablecida",
};
