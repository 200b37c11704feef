import { z } from "zod";
import { textKeyOf } from "@/lib/http/errors";
import { informeCuitPackSchema, planTierSchema } from "./billing";
import { tipoAccionSchema } from "./reports";

const pascal = (code: string) => code.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/**
 * The body of one error code (spec part 7): `error`, then the text under the key `DomainError` renders it with
 * (`message`, `mensaje` or none, from the same table), then the case's extra fields.
 */
function errorBody<Extra extends z.ZodRawShape>(code: string, description: string, extra?: Extra) {
  const key = textKeyOf(code);
  const text = key ? { [key]: z.string().describe(key === "mensaje" ? "Explanation in customer language." : "Plain explanation.") } : {};
  return z
    .strictObject({ error: z.literal(code), ...text, ...(extra ?? ({} as Extra)) })
    .meta({ id: `${pascal(code)}Error`, description });
}

export const ERROR_SCHEMAS = {
  cuit_requerido: errorBody("cuit_requerido", "The body has no `cuit`."),
  cuit_invalido: errorBody("cuit_invalido", "The CUIT is not 11 digits (`formato`), its first two digits are not a CUIT type (`tipo`), or its check digit is wrong (`digito_verificador`).", {
    reason: z.enum(["formato", "tipo", "digito_verificador"]),
  }),
  body_invalido: errorBody("body_invalido", "The body is absent, not JSON, not an object, or has a field other than `cuit`."),
  idempotency_key_invalido: errorBody("idempotency_key_invalido", "The Idempotency-Key header is not a UUID."),
  parametro_invalido: errorBody("parametro_invalido", "A query parameter is out of range or not a number.", {
    parameter: z.enum(["limit", "offset", "cuit", "fecha", "formato", "redirect", "desde", "tipo", "contra", "q"]).describe("The parameter at fault."),
  }),
  format_not_available: errorBody("format_not_available", "The dataset is not published in the requested format."),
  unauthenticated: errorBody("unauthenticated", "No Authorization header or session; or the key is malformed, unknown, expired or revoked."),
  account_suspended: errorBody("account_suspended", "The account is suspended."),
  channel_disabled: errorBody("channel_disabled", "The plan does not include the REST API channel (key calls only).", {
    upgrade_url: z.string().describe("Where to see the plans and upgrade."),
  }),
  forbidden: errorBody("forbidden", "A session call with an unsafe method from an untrusted origin."),
  tier_required: errorBody("tier_required", "The plan does not include this resource.", {
    upgrade_url: z.string().optional(),
    required_tier: planTierSchema.optional(),
    current_tier: planTierSchema.optional(),
  }),
  internal: errorBody("internal", "403: the plan entitlement could not be verified. 500: an unexpected error; the message is always generic."),
  not_found: errorBody("not_found", "Missing, malformed, or another account's: the same answer."),
  generacion_en_curso: errorBody("generacion_en_curso", "A generation for this CUIT and account is already running. Retry after Retry-After seconds."),
  idempotency_key_conflict: errorBody("idempotency_key_conflict", "The Idempotency-Key was already used for another CUIT in this account. Use a new key."),
  saldo_insuficiente: errorBody("saldo_insuficiente", "The allotment plus purchased balance does not cover the generation. Nothing was charged.", {
    tipo_accion: tipoAccionSchema,
    costo_unidades: z.number().int().min(0),
    saldo: z.strictObject({ cupo_disponible_unidades: z.number().int().min(0), saldo_comprado_unidades: z.number().int().min(0) }),
    packs: z.array(informeCuitPackSchema).describe("Packs that can be bought through the web."),
  }),
  rate_limited: errorBody("rate_limited", "Too many requests for the account or the client IP. Retry after Retry-After seconds."),
  daily_limit_exceeded: errorBody("daily_limit_exceeded", "Daily-cap accounts only: the day's reports are used up.", {
    limit: z.number().int().positive().describe("The day's cap."),
  }),
  idempotency_key_requerido: errorBody("idempotency_key_requerido", "Creating a batch needs an Idempotency-Key header (a UUID)."),
  lote_vacio: errorBody("lote_vacio", "The batch's `cuits` is missing or empty."),
  lote_demasiado_grande: errorBody("lote_demasiado_grande", "The batch has more entries than allowed. Nothing was created or charged.", {
    limite: z.number().int().positive().describe("The most entries a batch takes."),
    recibidos: z.number().int().positive().describe("Entries sent."),
  }),
  limite_monitoreo: errorBody("limite_monitoreo", "The plan's limit of watched CUITs is reached. Nothing was added.", {
    limite: z.number().int().min(0).describe("The most CUITs the plan watches."),
    actuales: z.number().int().min(0).describe("CUITs watched now."),
  }),
  limite_webhooks: errorBody("limite_webhooks", "The account has the most webhooks allowed.", { limite: z.number().int().positive() }),
  url_no_permitida: errorBody("url_no_permitida", "The webhook URL resolves to a loopback, private or link-local address, or does not resolve."),
  webhook_inactivo: errorBody("webhook_inactivo", "The webhook is disabled; reactivate it in the web first."),
  informe_no_persistido: errorBody("informe_no_persistido", "The engine ran but the report could not be saved; nothing was charged. Safe to retry."),
} as const;

export type DocumentedErrorCode = keyof typeof ERROR_SCHEMAS | "dataset_not_found";
