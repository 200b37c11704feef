import { formatArs, formatDay, formatInt, formatTier, plural } from "@/components/format";

/**
 * An audit entry's details in admin words ("Precio: $ 45.000,00 · Unidades: 1.000"), never raw JSON. Known keys have
 * a label and a format; an unknown key is shown with its own name, its value in words.
 */
const LABEL: Record<string, string> = {
  order_id: "Pedido",
  pack_id: "Pack",
  unidades: "Unidades",
  units: "Unidades",
  price_ars: "Precio",
  note: "Nota",
  from: "Plan anterior",
  to: "Plan nuevo",
  plan: "Plan",
  plan_actual: "Plan actual",
  plan_pedido: "Plan pedido",
  solicitud_id: "Solicitud",
  key_id: "Clave",
  start: "Comienza con",
  report_id: "Informe",
  cuit: "CUIT",
  format: "Formato",
  email: "Email",
  admin: "Admin",
  billing: "Facturación",
  verified: "Email verificado",
  granted: "Unidades de cupo liberadas",
  dataset_id: "Dataset",
  job_id: "Tarea",
  snapshots: "Snapshots",
  error: "Error",
  retention: "Snapshots que se conservan",
  snapshot_date: "Fecha de datos",
};

const ORDER = Object.keys(LABEL);
const TIER_KEYS = new Set(["from", "to", "plan", "plan_actual", "plan_pedido"]);
const BILLING: Record<string, string> = { balance: "por saldo", daily_cap: "con tope diario" };

function words(value: unknown): string {
  if (typeof value === "boolean") return value ? "sí" : "no";
  if (typeof value === "number") return formatInt(value);
  if (typeof value === "string") return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : value;
  if (Array.isArray(value)) return value.length === 0 ? "ninguno" : value.map(words).join("; ");
  if (value && typeof value === "object") {
    const snap = value as { datasetId?: unknown; snapshotDate?: unknown; rows?: unknown };
    if (typeof snap.datasetId === "string" && typeof snap.rows === "number") {
      return `${snap.datasetId}${typeof snap.snapshotDate === "string" ? ` al ${formatDay(snap.snapshotDate)}` : ""}, ${plural(snap.rows, "fila", "filas")}`;
    }
    return Object.entries(value)
      .map(([k, v]) => `${LABEL[k] ?? k} ${words(v)}`)
      .join(", ");
  }
  return "—";
}

function detail(key: string, value: unknown): string {
  if (key === "price_ars" && typeof value === "number") return formatArs(value);
  if (TIER_KEYS.has(key) && typeof value === "string") return formatTier(value);
  if (key === "billing" && typeof value === "string") return BILLING[value] ?? value;
  if (key === "note" && typeof value === "string") return `«${value}»`;
  if (key === "start" && typeof value === "string") return `${value}…`;
  return words(value);
}

/** The details of one audit entry, as "Label: value" pairs separated by " · ". */
export function auditDetails(details: Record<string, unknown>): string {
  if (typeof details.from === "string" && typeof details.to === "string" && Object.keys(details).length === 2) {
    return `De ${formatTier(details.from)} a ${formatTier(details.to)}`;
  }
  // The database keeps JSON keys in its own order; the page shows them in LABEL's, unknown keys last.
  const rank = (k: string) => (k in LABEL ? ORDER.indexOf(k) : ORDER.length);
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([k, v]) => `${LABEL[k] ?? k}: ${detail(k, v)}`)
    .join(" · ");
}
