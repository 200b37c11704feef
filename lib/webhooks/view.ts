import type { WebhookEndpoint } from "@/db/schema";
import type { EventTypeName, WebhookView } from "@/lib/schemas/monitoring";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An endpoint as the API shows it: never its secret. */
export const webhookView = (w: WebhookEndpoint): WebhookView => ({
  id: w.id,
  url: w.url,
  eventos: w.eventos as EventTypeName[],
  activo: w.activo,
  deshabilitado_en: iso(w.disabledAt),
  motivo: w.disabledReason,
  creado_en: w.createdAt.toISOString(),
});
