import type { DatasetDefinition } from "../define";
import { BCRA, LEY_25326, SYNTHETIC } from "./common";

export const chequesRechazados: DatasetDefinition = {
  id: "ar-bcra-cheques-rechazados",
  name: "Cheques rechazados",
  description:
    "Cheques rechazados informados al BCRA, con fecha de rechazo, monto, causal y, si los hubo, el pago posterior y el " +
    "pago de la multa de la Ley 25.730.",
  source: BCRA,
  frequency: "diaria",
  granularity: "una fila por cheque rechazado",
  historical_depth: "últimos cinco años",
  tags: ["cheques", "riesgo", "pagos", "bcra"],
  country: "AR",
  source_native_language: "es",
  update_pattern: "full_refresh",
  freshness_sla: { declared_frequency: "daily", max_acceptable_lag_hours: 72 },
  content_advisory: "Contiene datos de personas físicas identificadas por CUIT/CUIL.",
  compliance_notes: {
    license: "Información pública del BCRA (Central de Cheques Rechazados) difundida en el marco de la Ley 25.326",
    commercial_use: "restricted",
    attribution_required: "Fuente: BCRA, Central de Cheques Rechazados.",
    notes: `Uso limitado a evaluar solvencia. ${LEY_25326}`,
  },
  ai_metadata: {
    llm_intro:
      "Cada fila es un cheque rechazado a un librador identificado por CUIT. `monto` está en pesos (no en miles). " +
      "`fecha_pago` vacía significa que el cheque no se informó pagado; `fecha_pago_multa` y `estado_multa` siguen la " +
      "multa que la Ley 25.730 impone por rechazos sin fondos o por defectos formales.",
    business_questions: [
      "¿Qué libradores tienen cheques rechazados sin pagar en el último año?",
      "¿Cómo evolucionan los rechazos por causal?",
      "¿Qué parte de los cheques rechazados se paga después?",
    ],
    example_queries: [
      {
        question: "Libradores con cheques impagos en los últimos 12 meses",
        approach: "Cargá el snapshot como tabla ar_bcra_cheques_rechazados y filtrá los cheques sin fecha_pago.",
        sql:
          "SELECT cuit, count(*) AS cheques_impagos, sum(monto) AS monto_pesos, max(fecha_rechazo) AS ultimo_rechazo\n" +
          "FROM ar_bcra_cheques_rechazados\n" +
          "WHERE fecha_pago IS NULL AND fecha_rechazo >= current_date - INTERVAL '12 months'\n" +
          "GROUP BY cuit\n" +
          "ORDER BY monto_pesos DESC\n" +
          "LIMIT 50",
      },
      {
        question: "Rechazos por mes y causal",
        approach: "Agrupá por el mes de la fecha de rechazo.",
        sql:
          "SELECT date_trunc('month', fecha_rechazo) AS mes, causal, count(*) AS cheques, sum(monto) AS monto_pesos\n" +
          "FROM ar_bcra_cheques_rechazados\n" +
          "GROUP BY 1, 2\n" +
          "ORDER BY 1, 2",
        polars:
          'pl.read_parquet(url).group_by(pl.col("fecha_rechazo").dt.truncate("1mo").alias("mes"), "causal")' +
          '.agg(pl.len().alias("cheques"), pl.col("monto").sum().alias("monto_pesos")).sort("mes", "causal")',
      },
    ],
    methodology_notes:
      "Los bancos informan cada rechazo y su eventual cancelación al BCRA, que los publica con unos días de demora. " +
      SYNTHETIC,
    gotchas: [
      { title: "monto está en pesos", detail: "A diferencia de la Central de Deudores, aquí el monto no está en miles." },
      {
        title: "Un cheque pagado sigue en la lista",
        detail: "El pago posterior no borra el rechazo: se informa en fecha_pago. Filtrá fecha_pago IS NULL para los impagos.",
      },
      { title: "La multa es otra obligación", detail: "fecha_pago_multa se refiere a la multa de la Ley 25.730, no al cheque." },
    ],
    related_datasets: [{ id: "ar-bcra-central-deudores", relation: "Deudas del mismo CUIT con el sistema financiero." }],
    summary_columns: ["cuit", "fecha_rechazo", "monto", "causal", "fecha_pago"],
    explorable_columns: ["causal", "entidad_nombre", "estado_multa"],
  },
  columns: [
    { name: "cuit", description: "CUIT o CUIL del librador.", sample_value: "20123456786" },
    { name: "numero_cheque", description: "Número del cheque.", sample_value: "00045123" },
    { name: "fecha_rechazo", description: "Fecha en que el banco rechazó el cheque.", sample_value: "2026-08-14" },
    { name: "monto", description: "Importe del cheque.", unit: "pesos", sample_value: 385000 },
    { name: "causal", description: "Motivo del rechazo.", sample_value: "SIN FONDOS SUFICIENTES DISPONIBLES EN CUENTA" },
    { name: "entidad_codigo", description: "Código BCRA del banco girado, como lo da la API (sin ceros a la izquierda).", sample_value: "7" },
    { name: "entidad_nombre", description: "Banco girado.", sample_value: "BANCO DE GALICIA Y BUENOS AIRES S.A.U." },
    { name: "fecha_pago", description: "Fecha en que se informó pagado el cheque; vacía si no se pagó.", sample_value: null },
    { name: "fecha_pago_multa", description: "Fecha de pago de la multa de la Ley 25.730; vacía si no se pagó o no corresponde.", sample_value: null },
    { name: "estado_multa", description: "Estado de la multa informado por el banco.", sample_value: "IMPAGA" },
    { name: "cta_personal", description: "El cheque es de una cuenta personal (ctaPersonal de la API del BCRA).", sample_value: true },
    { name: "denominacion_juridica", description: "Razón social de la cuenta, cuando es de una persona jurídica (denomJuridica).", sample_value: null },
    { name: "en_revision", description: "El rechazo está en revisión (enRevision).", sample_value: false },
    { name: "proceso_judicial", description: "Hay un proceso judicial por el cheque (procesoJud).", sample_value: false },
  ],
  published: true,
  visibility: "public",
  min_tier: "free",
  parent_id: null,
  engine_source: "cheques",
  formats: ["parquet", "csv"],
};
