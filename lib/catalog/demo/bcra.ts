import type { DatasetDefinition } from "../define";
import { BCRA, LEY_25326, SYNTHETIC } from "./common";

export const centralDeudores: DatasetDefinition = {
  id: "ar-bcra-central-deudores",
  name: "Central de Deudores del Sistema Financiero",
  description:
    "Deudas de personas y empresas con bancos, financieras y emisoras de tarjetas, por entidad y período, con la " +
    "situación de cada deuda (1 normal a 6 irrecuperable por disposición técnica).",
  source: BCRA,
  frequency: "mensual",
  granularity: "una fila por deudor, entidad y período",
  historical_depth: "último período informado",
  tags: ["crédito", "deudores", "riesgo", "bcra"],
  country: "AR",
  source_native_language: "es",
  update_pattern: "full_refresh",
  freshness_sla: { declared_frequency: "monthly", max_acceptable_lag_hours: 24 * 75 },
  content_advisory: "Contiene datos de personas físicas identificadas por CUIT/CUIL.",
  compliance_notes: {
    license: "Información pública del BCRA difundida en el marco de la Ley 25.326 de Protección de los Datos Personales",
    commercial_use: "restricted",
    attribution_required: "Fuente: BCRA, Central de Deudores del Sistema Financiero.",
    notes: `Uso limitado a evaluar solvencia económico-financiera. ${LEY_25326}`,
  },
  ai_metadata: {
    llm_intro:
      "Cada fila es la deuda de un CUIT con una entidad financiera en un período (AAAAMM). `situacion` es la " +
      "clasificación del BCRA: 1 normal, 2 seguimiento especial o riesgo bajo, 3 con problemas o riesgo medio, 4 alto " +
      "riesgo de insolvencia o riesgo alto, 5 irrecuperable, 6 irrecuperable por disposición técnica. `monto` está en " +
      "miles de pesos. Para saber cómo está un deudor, tomá su peor situación del último período y sumá sus montos.",
    business_questions: [
      "¿Cuál es la peor situación de un CUIT en el último período y con qué entidades?",
      "¿Qué entidades concentran la deuda en situación 3 o peor?",
      "¿Cuántos deudores tienen refinanciaciones o procesos judiciales?",
      "¿Cómo se reparte la cartera entre situaciones?",
    ],
    example_queries: [
      {
        question: "Peor situación y deuda total de cada deudor en el último período",
        approach:
          "Cargá el snapshot como tabla ar_bcra_central_deudores (en DuckDB: CREATE TABLE ar_bcra_central_deudores AS " +
          "SELECT * FROM read_parquet('<url>')), filtrá el período más reciente y agrupá por CUIT.",
        sql:
          "SELECT cuit, max(situacion) AS peor_situacion, sum(monto) AS deuda_total_miles\n" +
          "FROM ar_bcra_central_deudores\n" +
          "WHERE periodo = (SELECT max(periodo) FROM ar_bcra_central_deudores)\n" +
          "GROUP BY cuit\n" +
          "ORDER BY peor_situacion DESC, deuda_total_miles DESC\n" +
          "LIMIT 100",
        polars:
          'df = pl.read_parquet(url)\n(df.filter(pl.col("periodo") == df["periodo"].max())\n' +
          '   .group_by("cuit")\n   .agg(pl.col("situacion").max().alias("peor_situacion"), pl.col("monto").sum().alias("deuda_total_miles"))\n' +
          '   .sort(["peor_situacion", "deuda_total_miles"], descending=True)\n   .head(100))',
      },
      {
        question: "Entidades con más deuda irregular (situación 3 o peor), en pesos",
        approach: "Filtrá situacion >= 3 y multiplicá monto por 1000 para pasar de miles de pesos a pesos.",
        sql:
          "SELECT entidad_nombre, count(DISTINCT cuit) AS deudores, sum(monto) * 1000 AS monto_pesos\n" +
          "FROM ar_bcra_central_deudores\n" +
          "WHERE situacion >= 3\n" +
          "GROUP BY entidad_nombre\n" +
          "ORDER BY monto_pesos DESC\n" +
          "LIMIT 20",
      },
      {
        question: "Detalle de un CUIT",
        approach: "Filtrá por CUIT sin guiones; hay una fila por entidad.",
        sql:
          "SELECT periodo, entidad_nombre, situacion, monto, dias_atraso, refinanciaciones, proceso_judicial\n" +
          "FROM ar_bcra_central_deudores\n" +
          "WHERE cuit = '30712345671'\n" +
          "ORDER BY periodo DESC, situacion DESC",
        polars: 'pl.read_parquet(url).filter(pl.col("cuit") == "30712345671").sort("situacion", descending=True)',
      },
    ],
    methodology_notes:
      "Las entidades informan al BCRA la situación y el saldo de cada cliente al cierre de cada mes; el BCRA publica el " +
      "padrón unos 60 días después. Cada snapshot de Legajo es una carga completa del archivo publicado. " +
      SYNTHETIC,
    gotchas: [
      { title: "monto está en miles de pesos", detail: "Un monto de 1500 son $1.500.000. Multiplicá por 1000 antes de comparar con otras fuentes." },
      {
        title: "Un deudor tiene una fila por entidad",
        detail: "Para la situación de un CUIT usá la peor (máxima) entre sus entidades del mismo período, no el promedio.",
      },
      {
        title: "Los nombres de situación 2 a 4 cambian según la cartera",
        detail: "La cartera comercial dice 'seguimiento especial', 'con problemas', 'alto riesgo de insolvencia'; la de consumo dice riesgo bajo, medio y alto. El número es el mismo.",
      },
      { title: "Antigüedad máxima", detail: LEY_25326 },
    ],
    related_datasets: [
      { id: "ar-bcra-deudores-por-situacion", relation: "Resumen por situación y período calculado de este dataset." },
      { id: "ar-bcra-cheques-rechazados", relation: "Otra señal de riesgo crediticio del BCRA, por CUIT." },
      { id: "ar-arca-padron", relation: "Razón social, actividad y domicilio fiscal del mismo CUIT." },
    ],
    summary_columns: ["cuit", "entidad_nombre", "situacion", "monto"],
    explorable_columns: ["situacion", "entidad_nombre", "periodo", "refinanciaciones", "proceso_judicial"],
  },
  columns: [
    { name: "cuit", description: "CUIT o CUIL del deudor, 11 dígitos sin guiones.", sample_value: "30712345671" },
    { name: "denominacion", description: "Nombre o razón social tal como la informa la entidad.", sample_value: "LOGISTICA DEL PLATA S.A." },
    { name: "periodo", description: "Mes informado, AAAAMM.", sample_value: "202609" },
    { name: "entidad_codigo", description: "Código de la entidad financiera en el BCRA (deudores.txt); la API de la Central de Deudores nombra la entidad sin código, y entonces es su nombre.", sample_value: "00011" },
    { name: "entidad_nombre", description: "Nombre de la entidad financiera.", sample_value: "BANCO DE LA NACION ARGENTINA" },
    { name: "situacion", description: "Clasificación del deudor en la entidad: 1 (normal) a 6 (irrecuperable por disposición técnica).", sample_value: 1 },
    { name: "monto", description: "Deuda total con la entidad.", unit: "miles de pesos", sample_value: 1520.5 },
    { name: "dias_atraso", description: "Días de atraso informados por la entidad.", unit: "días", sample_value: 0 },
    { name: "refinanciaciones", description: "La deuda fue refinanciada.", sample_value: false },
    { name: "recategorizacion_obligatoria", description: "La entidad tuvo que reclasificar al deudor por normas del BCRA.", sample_value: false },
    { name: "situacion_juridica", description: "La deuda está en gestión judicial o concursal.", sample_value: false },
    { name: "irrecuperable_disposicion_tecnica", description: "Clasificado irrecuperable por disposición técnica del BCRA.", sample_value: false },
    { name: "proceso_judicial", description: "Hay un proceso judicial por la deuda.", sample_value: false },
    { name: "en_revision", description: "La deuda está en revisión (marca de la API y código 2 del campo judicial de deudores.txt).", sample_value: false },
    { name: "fecha_sit1", description: "Desde cuándo el deudor está en situación 1 con la entidad (fechaSit1 de la API); vacía en la historia y en deudores.txt.", sample_value: "2024-03-31" },
  ],
  published: true,
  visibility: "public",
  min_tier: "free",
  parent_id: null,
  engine_source: "crediticio",
  formats: ["parquet", "csv"],
};

export const deudoresPorSituacion: DatasetDefinition = {
  id: "ar-bcra-deudores-por-situacion",
  name: "Deudores por situación y período (resumen de la Central de Deudores)",
  description:
    "Cuántos deudores, operaciones y cuánta deuda hay en cada situación del BCRA, por período. Vista derivada de la " +
    "Central de Deudores: se publica junto con ella y tiene su misma fecha.",
  source: BCRA,
  frequency: "mensual",
  granularity: "una fila por período y situación",
  historical_depth: "último período informado",
  tags: ["crédito", "deudores", "resumen", "bcra"],
  country: "AR",
  source_native_language: "es",
  update_pattern: "full_refresh",
  freshness_sla: { declared_frequency: "monthly", max_acceptable_lag_hours: 24 * 75 },
  content_advisory: null,
  compliance_notes: {
    license: "Información pública del BCRA difundida en el marco de la Ley 25.326 de Protección de los Datos Personales",
    commercial_use: "ok",
    attribution_required: "Fuente: BCRA, Central de Deudores del Sistema Financiero; agregación de Legajo.",
    notes: "Datos agregados: no identifican deudores.",
  },
  ai_metadata: {
    llm_intro:
      "Resumen de la Central de Deudores: una fila por período y situación (1 a 6) con la cantidad de deudores " +
      "distintos, la cantidad de deudas (deudor por entidad) y la deuda total y promedio en miles de pesos.",
    business_questions: ["¿Qué parte de los deudores está en situación irregular (3 o peor)?", "¿Cuánta deuda hay en cada situación?"],
    example_queries: [
      {
        question: "Participación de cada situación en el último período",
        approach: "Cargá el snapshot como tabla ar_bcra_deudores_por_situacion y usá una ventana para el total.",
        sql:
          "SELECT situacion, situacion_descripcion, deudores,\n" +
          "       100.0 * deudores / sum(deudores) OVER () AS porcentaje_deudores,\n" +
          "       monto_total_miles\n" +
          "FROM ar_bcra_deudores_por_situacion\n" +
          "WHERE periodo = (SELECT max(periodo) FROM ar_bcra_deudores_por_situacion)\n" +
          "ORDER BY situacion",
        polars:
          'df = pl.read_parquet(url)\nlast = df.filter(pl.col("periodo") == df["periodo"].max())\n' +
          'last.with_columns((100 * pl.col("deudores") / pl.col("deudores").sum()).alias("porcentaje_deudores")).sort("situacion")',
      },
    ],
    methodology_notes:
      "Se calcula con SQL sobre el mismo snapshot de la Central de Deudores que se publica, en el mismo paso: " +
      "`deudores` cuenta CUIT distintos; `operaciones` cuenta filas (un deudor con tres entidades suma tres). " +
      SYNTHETIC,
    gotchas: [
      { title: "monto_total_miles está en miles de pesos", detail: "Igual que en la Central de Deudores: multiplicá por 1000 para pesos." },
      {
        title: "Un deudor puede aparecer en varias situaciones",
        detail: "Si tiene deudas en distintas situaciones con distintas entidades, cuenta en cada una: la suma de `deudores` entre situaciones supera los deudores distintos.",
      },
    ],
    related_datasets: [{ id: "ar-bcra-central-deudores", relation: "Vista derivada de la Central de Deudores.", derived: true }],
    summary_columns: ["periodo", "situacion", "deudores", "monto_total_miles"],
    explorable_columns: ["periodo", "situacion"],
  },
  columns: [
    { name: "periodo", description: "Mes informado, AAAAMM.", sample_value: "202609" },
    { name: "situacion", description: "Situación del BCRA, 1 a 6.", sample_value: 1 },
    { name: "situacion_descripcion", description: "Nombre de la situación.", sample_value: "Normal" },
    { name: "deudores", description: "CUIT distintos con al menos una deuda en esta situación.", unit: "deudores", sample_value: 2140 },
    { name: "operaciones", description: "Deudas (un deudor por entidad) en esta situación.", unit: "deudas", sample_value: 3655 },
    { name: "monto_total_miles", description: "Suma de la deuda.", unit: "miles de pesos", sample_value: 5123456.5 },
    { name: "monto_promedio_miles", description: "Deuda promedio por operación.", unit: "miles de pesos", sample_value: 1401.76 },
    { name: "deudores_con_proceso_judicial", description: "Deudores de esta situación con alguna deuda en proceso judicial.", unit: "deudores", sample_value: 12 },
  ],
  published: true,
  visibility: "public",
  min_tier: "free",
  parent_id: "ar-bcra-central-deudores",
  engine_source: null,
  formats: ["parquet", "csv"],
};

export const deudoresHistorico: DatasetDefinition = {
  id: "ar-bcra-deudores-historico-24m",
  name: "Central de Deudores: historia de 24 meses",
  description:
    "La situación y la deuda de cada deudor con cada entidad en los últimos 24 períodos. En preparación: todavía no " +
    "se publica.",
  source: BCRA,
  frequency: "mensual",
  granularity: "una fila por deudor, entidad y período",
  historical_depth: "24 meses",
  tags: ["crédito", "deudores", "historia", "bcra"],
  country: "AR",
  source_native_language: "es",
  update_pattern: "scd2_snapshots",
  freshness_sla: { declared_frequency: "monthly", max_acceptable_lag_hours: 24 * 75 },
  content_advisory: "Contiene datos de personas físicas identificadas por CUIT/CUIL.",
  compliance_notes: {
    license: "Información pública del BCRA difundida en el marco de la Ley 25.326 de Protección de los Datos Personales",
    commercial_use: "restricted",
    notes: LEY_25326,
  },
  ai_metadata: {
    llm_intro: "Historia mensual de la Central de Deudores: permite ver si un deudor empeora o mejora. `monto` en miles de pesos.",
    business_questions: ["¿Cómo evolucionó la situación de un CUIT en los últimos dos años?"],
    example_queries: [
      {
        question: "Evolución de la peor situación de un CUIT",
        approach: "Cargá el snapshot como tabla ar_bcra_deudores_historico_24m y agrupá por período.",
        sql:
          "SELECT periodo, max(situacion) AS peor_situacion, sum(monto) AS deuda_total_miles\n" +
          "FROM ar_bcra_deudores_historico_24m\n" +
          "WHERE cuit = '30712345671'\n" +
          "GROUP BY periodo\n" +
          "ORDER BY periodo",
      },
    ],
    methodology_notes: "Se arma con los últimos 24 archivos mensuales de la Central de Deudores.",
    gotchas: [{ title: "monto está en miles de pesos", detail: "Como en la Central de Deudores." }],
    related_datasets: [{ id: "ar-bcra-central-deudores", relation: "El último período de esta historia." }],
    summary_columns: ["cuit", "periodo", "situacion", "monto"],
    explorable_columns: ["periodo", "situacion", "entidad_nombre"],
  },
  columns: [
    { name: "cuit", type: "VARCHAR", nullable: false, description: "CUIT o CUIL del deudor.", sample_value: "30712345671" },
    { name: "periodo", type: "VARCHAR", nullable: false, description: "Mes informado, AAAAMM.", sample_value: "202509" },
    { name: "entidad_codigo", type: "VARCHAR", nullable: false, description: "Código BCRA de la entidad.", sample_value: "00011" },
    { name: "entidad_nombre", type: "VARCHAR", nullable: false, description: "Entidad financiera.", sample_value: "BANCO DE LA NACION ARGENTINA" },
    { name: "situacion", type: "SMALLINT", nullable: false, description: "Situación del BCRA, 1 a 6.", sample_value: 2 },
    { name: "monto", type: "DOUBLE", nullable: false, description: "Deuda con la entidad.", unit: "miles de pesos", sample_value: 830 },
    { name: "dias_atraso", type: "INTEGER", nullable: true, description: "Días de atraso.", unit: "días", sample_value: 45 },
  ],
  published: false,
  visibility: "public",
  min_tier: "free",
  parent_id: null,
  engine_source: null,
  formats: ["parquet", "csv"],
};
