import type { Caller } from "@/lib/auth/caller";
import type { CuitReason } from "@/lib/cuit";
import type { VerifiedCaller } from "@/lib/auth/caller";
import { DomainError } from "@/lib/errors";
import { parseListQuery } from "@/lib/reports/request";
import type { InformeCuitPack } from "@/lib/schemas/billing";
import type { ActionState } from "./action-state";
import type { FailureState } from "./action";

/** The API's default page size (spec 4.2), so the web and the API page alike. */
export const REPORTS_PAGE_SIZE = 10;

/**
 * The report services take a caller whose plan is known. A web session has no channel gate (spec 5.4), so the only
 * check left is the plan itself: without it the account cannot be billed, as the API's `403 internal`.
 */
export function verifiedCaller(caller: Caller): VerifiedCaller {
  if (!caller.plan) {
    throw new DomainError("plan_no_verificable", { text: "No pudimos verificar el plan de tu cuenta. Probá de nuevo en unos minutos." });
  }
  return caller as VerifiedCaller;
}

export type ListFilter = ReturnType<typeof parseListQuery>;

/**
 * `?cuit=` and the page number of a report list, read with the API's own rules (digits and hyphens, a substring
 * of the CUIT). A filter the API would refuse is returned as a sentence for the form instead of a list.
 */
export function reportListFilter(cuit: string, page: number, size: number): { filter: ListFilter; error: null } | { filter: null; error: string } {
  const params = new URLSearchParams({ limit: String(size), offset: String((page - 1) * size) });
  if (cuit) params.set("cuit", cuit);
  try {
    return { filter: parseListQuery(params), error: null };
  } catch (e) {
    if (e instanceof DomainError) return { filter: null, error: "Buscá con los dígitos del CUIT, con o sin guiones (por ejemplo 30-5000 o 20123)." };
    throw e;
  }
}

/** What the report generation form shows after a failed attempt: the sentence, the code, and packs to buy. */
export type GenerateState = ActionState & { code?: string; packs?: InformeCuitPack[] };

const CUIT_REASON: Record<CuitReason, string> = {
  formato: "Ingresá un CUIT de 11 dígitos (con o sin guiones) o un DNI de 7 u 8 dígitos.",
  tipo: "Ese CUIT empieza con un tipo que no existe. Los CUIT empiezan con 20, 23, 24, 25, 26, 27, 30, 33 o 34.",
  digito_verificador: "El último dígito (el verificador) no coincide con el resto del CUIT. Revisá que esté bien escrito.",
};

/** Every error of the report contract in plain Spanish, for people rather than programs. */
export function reportErrorText(e: DomainError): string {
  switch (e.code) {
    case "cuit_invalido":
      return CUIT_REASON[e.extra.reason as CuitReason] ?? e.message;
    case "cuit_requerido":
      return "Ingresá un CUIT o un DNI.";
    case "generacion_en_curso":
      return "Ya estamos preparando un informe de este CUIT para tu cuenta. Esperá unos segundos y revisá tu lista de informes antes de volver a intentar.";
    case "idempotency_key_conflict":
      return "Esta confirmación ya se usó para otro CUIT. Pedí la cotización de nuevo y volvé a confirmar.";
    case "idempotency_key_invalido":
      return "La confirmación no es válida. Pedí la cotización de nuevo y volvé a confirmar.";
    case "informe_no_persistido":
      return "No pudimos guardar el informe, así que no se descontó nada de tu saldo. Probá de nuevo en unos segundos.";
    case "account_suspended":
      return "Tu cuenta está suspendida y no puede generar informes. Escribinos para reactivarla.";
    case "forbidden":
      return "No pudimos confirmar que el pedido venga de Legajo. Recargá la página y probá de nuevo.";
    case "internal":
      return "Ocurrió un error inesperado. No se descontó saldo; probá de nuevo en unos segundos.";
    // saldo_insuficiente and daily_limit_exceeded already carry a customer sentence (lib/reports/messages.ts);
    // rate_limited, from lib/web/rate-limit.ts, says how long to wait.
    default:
      return e.message;
  }
}

/** A failed generation as the form's state; anything that is not a contract error is logged and kept generic. */
export function generateFailure(state: FailureState): GenerateState {
  const e = state.error;
  if (!e) return { status: "error", message: state.message };
  const packs = e.code === "saldo_insuficiente" ? (e.extra.packs as InformeCuitPack[] | undefined) : undefined;
  return { status: "error", message: reportErrorText(e), code: e.code, packs };
}
