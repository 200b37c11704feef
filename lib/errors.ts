/**
 * Every error the app can refuse with, as a closed union: the contract's codes (spec part 7) and the app's own, each
 * with its standard sentence. Services throw `DomainError` and know nothing of HTTP; lib/http/errors.ts maps each
 * code to its status and to the body key of its text, the CLI prints the code itself. A misspelled code does not
 * compile.
 */
const STANDARD_TEXT = {
  // The contract's.
  cuit_requerido: "Falta el CUIT.",
  cuit_invalido: "El CUIT no es válido.",
  body_invalido: "El cuerpo de la solicitud no es válido.",
  idempotency_key_invalido: "El encabezado Idempotency-Key debe ser un UUID.",
  idempotency_key_requerido: "Esta operación necesita el encabezado Idempotency-Key (un UUID).",
  format_not_available: "Ese formato no está disponible para este dataset.",
  parametro_invalido: "Un parámetro de la consulta no es válido.",
  unauthenticated: "Se requiere una clave de API válida en Authorization: Bearer, o una sesión iniciada.",
  account_suspended: "La cuenta está suspendida. Escribinos para reactivarla.",
  channel_disabled: "Tu plan no incluye la API REST. Pasate a Ultimate, Team o Enterprise para usarla.",
  forbidden: "La solicitud viene de un origen no autorizado.",
  tier_required: "Tu plan no incluye este recurso.",
  /** Spec 5.8: the account's plan could not be read; answered as `403 internal`. */
  plan_no_verificable: "No se pudo verificar el plan de la cuenta.",
  not_found: "No encontrado.",
  dataset_not_found: "No existe un dataset con ese id.",
  generacion_en_curso: "Ya hay un informe en preparación para este CUIT. Reintentá en unos segundos.",
  idempotency_key_conflict: "Esta Idempotency-Key ya se usó para otro CUIT. Usá una clave nueva para cada operación.",
  informe_no_persistido: "El informe no pudo guardarse. No se descontó saldo; podés reintentar.",
  saldo_insuficiente: "Tu saldo no alcanza para este informe.",
  rate_limited: "Demasiadas solicitudes. Esperá unos segundos y reintentá.",
  daily_limit_exceeded: "Alcanzaste el límite diario de informes de tu cuenta.",
  internal: "Ocurrió un error interno.",
  method_not_allowed: "Método no permitido.",
  // Batches, monitoring and webhooks.
  lote_vacio: "El lote no tiene ningún CUIT.",
  lote_demasiado_grande: "El lote tiene más CUIT de los admitidos.",
  archivo_invalido: "El archivo no se pudo leer.",
  archivo_demasiado_grande: "El archivo es demasiado grande.",
  archivo_no_encontrado: "No se encontró el archivo.",
  formato_invalido: "El archivo no tiene el formato esperado.",
  columna_vacia: "La primera columna del archivo está vacía.",
  limite_monitoreo: "Alcanzaste el límite de CUIT monitoreados de tu plan.",
  limite_webhooks: "Alcanzaste el límite de webhooks de tu cuenta.",
  url_no_permitida: "Esa URL no está permitida para un webhook.",
  webhook_inactivo: "El webhook está inactivo.",
  // Accounts, billing and the catalog.
  email_registrado: "Ya existe una cuenta con ese email.",
  enlace_invalido: "El enlace no es válido.",
  enlace_vencido: "El enlace venció.",
  key_limit_reached: "Alcanzaste el máximo de claves activas de la cuenta.",
  pedido_ya_resuelto: "Ese pedido ya fue resuelto.",
  demasiados_pedidos: "Tenés demasiados pedidos pendientes.",
  plan_no_superior: "Ese plan no es superior al tuyo.",
  solicitud_ya_atendida: "Esa solicitud ya fue atendida.",
  publicacion_invalida: "La publicación no es válida.",
  sin_datos_de_fuente: "La fuente del dataset no tiene datos cargados.",
  almacenamiento_no_disponible: "El almacenamiento de archivos no está disponible.",
  bcra_no_disponible: "La API del BCRA no está disponible.",
  bcra_respuesta_invalida: "La API del BCRA respondió algo que no se pudo leer.",
  demo_no_cargada: "La demo no está cargada.",
  // The operator CLI's.
  comando_desconocido: "Comando desconocido.",
  argumento_invalido: "Argumento no válido.",
  argumento_faltante: "Falta un argumento.",
} as const;

export type ErrorCode = keyof typeof STANDARD_TEXT;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(STANDARD_TEXT, code);

export const standardText = (code: ErrorCode): string => STANDARD_TEXT[code];

export interface DomainErrorOptions {
  /** The sentence for the person; defaults to the code's standard text. */
  text?: string;
  /** Extra fields of the case (spec part 7), carried into the API's body. */
  extra?: Record<string, unknown>;
  /** When the same request may succeed, in seconds. */
  retryAfter?: number;
}

/** A refusal of a rule, thrown by services; each door renders it its own way. */
export class DomainError extends Error {
  override name = "DomainError";
  readonly extra: Record<string, unknown>;
  readonly retryAfter: number | undefined;

  constructor(
    readonly code: ErrorCode,
    options: DomainErrorOptions = {},
  ) {
    super(options.text ?? STANDARD_TEXT[code]);
    this.extra = options.extra ?? {};
    this.retryAfter = options.retryAfter;
  }
}
