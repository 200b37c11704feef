import { z } from "zod";
import { cuitEntryField } from "./reports";
import { pageLimit, pageOffset } from "./request";
import { concursoSchema, entidadSchema, marcaSchema, sectionStatusSchema } from "./sections";

const isoTimestamp = z.string().describe("ISO 8601 timestamp.");
const cuit = z.string().regex(/^\d{11}$/).describe("11 digits, no hyphens.");

export const severidadSchema = z.enum(["alta", "media", "info"]).meta({
  id: "Severidad",
  description:
    "`alta`: a new sanctions-list match, an insolvency proceeding, an APOC listing, a BCRA situation of 3 or worse, or a new unpaid cheque. `media`: any other worsening. `info`: other changes.",
});

export const eventTypeSchema = z
  .enum(["monitoreo.cambio", "informe.generado", "saldo.bajo", "lote.completado"], {
    error: "El tipo de evento es monitoreo.cambio, informe.generado, saldo.bajo o lote.completado.",
  })
  .meta({
  id: "EventType",
  description:
    "`monitoreo.cambio`: a watched CUIT's sources changed. `informe.generado`: a report was generated. `saldo.bajo`: the balance fell below the account's threshold. `lote.completado`: a batch finished.",
});

/* ---------------------------------------------------------------- watchlist */

export const watchPostBodySchema = z
  .strictObject({
    cuit: cuitEntryField("A CUIT (11 digits, hyphens allowed) or a DNI (7-8 digits, resolved to its CUIL)."),
    etiqueta: z.string().trim().min(1).max(100).optional().describe("A name of the account's own for this CUIT."),
  })
  .meta({ id: "WatchPostBody" });

export const lastChangeSchema = z
  .strictObject({ evento_id: z.string(), severidad: severidadSchema, creado_en: isoTimestamp, resumen: z.string() })
  .meta({ id: "WatchLastChange", description: "The newest change event of the CUIT in the account." });

export const watchSchema = z
  .strictObject({
    cuit,
    etiqueta: z.string().nullable(),
    creado_en: isoTimestamp,
    ultimo_cambio: lastChangeSchema.nullable(),
  })
  .meta({ id: "Watch", description: "A watched CUIT." });

export const watchCreatedSchema = watchSchema.extend({ creado: z.boolean().describe("False when the CUIT was already watched (its label is updated).") }).meta({ id: "WatchCreated" });

export const watchListSchema = z
  .strictObject({
    items: z.array(watchSchema).max(100),
    has_more: z.boolean(),
    total: z.number().int().min(0).describe("CUITs the account watches."),
    limite: z.number().int().min(0).describe("The most CUITs the plan watches."),
  })
  .meta({ id: "WatchListResponse" });

export const watchListQuerySchema = z.object({ limit: pageLimit(100, 50), offset: pageOffset() });

export const watchDeletedSchema = z.strictObject({ cuit, eliminado: z.literal(true) }).meta({ id: "WatchDeleted" });

/* ---------------------------------------------------------------- events */

export const sectionChangeSchema = z
  .strictObject({
    seccion: z.string().describe("Report section key (`crediticio`, `screening`…)."),
    resumen: z.string().describe("One line in Spanish: what moved."),
    severidad: severidadSchema,
  })
  .meta({ id: "SectionChange" });

export const eventSchema = z
  .strictObject({
    evento_id: z.string(),
    tipo: eventTypeSchema,
    creado_en: isoTimestamp,
    cuit: cuit.nullable(),
    severidad: severidadSchema.nullable().describe("`monitoreo.cambio` only."),
    datos: z.record(z.string(), z.unknown()).describe(
      "`monitoreo.cambio`: `secciones` (SectionChange list), `fuente`, `snapshot_date`, `etiqueta`, and `actualizacion_costo_unidades` (the values are in the update the customer generates). `informe.generado`: `informe_id`, `status`, `tipo_accion`, `costo_unidades`. `saldo.bajo`: `saldo_unidades`, `umbral_unidades`. `lote.completado`: `lote_id`, `total`.",
    ),
  })
  .meta({ id: "Event", description: "Something that happened to the account; the same body goes to webhooks as `data`." });

export const eventsPageSchema = z
  .strictObject({
    items: z.array(eventSchema).max(500),
    cursor: z.string().describe("Pass as `desde` to get the events after these (the same cursor when there are none yet)."),
    has_more: z.boolean(),
  })
  .meta({ id: "EventsPage" });

export const eventsQuerySchema = z.object({
  desde: z
    .string()
    .regex(/^\d+\.\d+$/, { error: "El parámetro desde debe ser el cursor que devolvió la página anterior." })
    .optional()
    .meta({ description: "The `cursor` of the previous page.", example: "7712.35" }),
  limit: pageLimit(500, 100),
  tipo: eventTypeSchema.optional().meta({ description: "Only events of this type." }),
});

/* ---------------------------------------------------------------- webhooks */

export const webhookPostBodySchema = z
  .strictObject({
    url: z.url({ protocol: /^https?$/ }).max(2000).meta({ description: "Where to POST the events (http or https).", example: "https://example.com/legajo" }),
    eventos: z.array(eventTypeSchema).min(1).max(4).describe("Event types to send."),
  })
  .meta({ id: "WebhookPostBody" });

export const webhookSchema = z
  .strictObject({
    id: z.string(),
    url: z.string(),
    eventos: z.array(eventTypeSchema),
    activo: z.boolean().describe("False once disabled after a day of failed deliveries."),
    deshabilitado_en: isoTimestamp.nullable(),
    motivo: z.string().nullable().describe("Why it was disabled."),
    creado_en: isoTimestamp,
  })
  .meta({ id: "Webhook" });

export const webhookSecretSchema = z
  .strictObject({ id: z.string(), secreto: z.string().regex(/^whsec_/).describe("The signing secret, shown only here.") })
  .meta({ id: "WebhookSecret" });

export const webhookCreatedSchema = webhookSchema.extend({ secreto: webhookSecretSchema.shape.secreto }).meta({ id: "WebhookCreated" });

export const webhookListSchema = z.strictObject({ items: z.array(webhookSchema).max(50) }).meta({ id: "WebhookList" });

export const webhookDeletedSchema = z.strictObject({ id: z.string(), eliminado: z.literal(true) }).meta({ id: "WebhookDeleted" });

export const deliveryEstadoSchema = z.enum(["pendiente", "entregado", "fallido", "cancelado"]).meta({
  id: "DeliveryEstado",
  description: "`pendiente`: waiting for its next attempt. `entregado`: the receiver answered 2xx. `fallido`: retries exhausted or the receiver answered 410. `cancelado`: the endpoint was deleted or disabled.",
});

export const deliverySchema = z
  .strictObject({
    id: z.string().describe("The `webhook-id` header: receivers dedupe by it."),
    evento_id: z.string().nullable().describe("Null for a test event."),
    tipo: z.string(),
    estado: deliveryEstadoSchema,
    intentos: z.number().int().min(0),
    ultimo_status: z.number().int().nullable().describe("HTTP status of the last attempt; null when it got no answer."),
    ultimo_error: z.string().nullable(),
    proximo_intento: isoTimestamp.nullable(),
    entregado_en: isoTimestamp.nullable(),
    creado_en: isoTimestamp,
  })
  .meta({ id: "Delivery" });

export const deliveriesPageSchema = z.strictObject({ items: z.array(deliverySchema).max(100), has_more: z.boolean() }).meta({ id: "DeliveriesPage" });

export const deliveriesQuerySchema = z.object({ limit: pageLimit(100, 50), offset: pageOffset() });

export const testEventSchema = z.strictObject({ entrega_id: z.string() }).meta({ id: "WebhookTestSent" });

/* ---------------------------------------------------------------- report diff */

export const fieldChangeSchema = z
  .strictObject({
    seccion: z.string(),
    etiqueta: z.string(),
    antes: z.string().nullable().describe("Null when the field was added."),
    despues: z.string().nullable().describe("Null when the field was removed."),
    cambio: z.enum(["agregado", "eliminado", "cambiado"]),
  })
  .meta({ id: "FieldChange" });

const addedGone = <S extends z.ZodType>(item: S) => z.strictObject({ agregados: z.array(item), quitados: z.array(item) });

export const reportChangesSchema = z
  .strictObject({
    informe_id: z.string(),
    contra_id: z.string().describe("The report compared against (the previous one of the CUIT unless `contra`)."),
    cuit,
    generado_en: isoTimestamp,
    contra_generado_en: isoTimestamp,
    sin_cambios: z.boolean(),
    secciones: z
      .array(z.strictObject({ seccion: z.string(), status_antes: sectionStatusSchema.nullable(), status_despues: sectionStatusSchema.nullable() }))
      .describe("Sections whose status changed."),
    campos: z.array(fieldChangeSchema),
    entidades: addedGone(entidadSchema).describe("Lenders (by entity code) added or gone."),
    cheques: addedGone(z.strictObject({ etiqueta: z.string(), detalle: z.string().nullable() })),
    coincidencias: addedGone(z.strictObject({ etiqueta: z.string(), detalle: z.string().nullable() })).describe("Sanctions-list matches."),
    marcas: addedGone(marcaSchema),
    concursos: addedGone(concursoSchema),
  })
  .meta({ id: "ReportChanges", description: "What changed between two reports of one CUIT." });

export const changesQuerySchema = z.object({
  contra: z.string().optional().meta({ description: "Another report of the same CUIT to compare against." }),
});

export type WatchView = z.infer<typeof watchSchema>;
export type WatchList = z.infer<typeof watchListSchema>;
export type EventView = z.infer<typeof eventSchema>;
export type EventsPage = z.infer<typeof eventsPageSchema>;
export type SectionChange = z.infer<typeof sectionChangeSchema>;
export type WebhookView = z.infer<typeof webhookSchema>;
export type DeliveryView = z.infer<typeof deliverySchema>;
export type ReportChanges = z.infer<typeof reportChangesSchema>;
export type FieldChange = z.infer<typeof fieldChangeSchema>;
export type EventTypeName = z.infer<typeof eventTypeSchema>;
