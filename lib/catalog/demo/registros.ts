import type { DatasetDefinition } from "../define";
import { SYNTHETIC } from "./common";


export const marcas: DatasetDefinition = {
  id: "ar-inpi-marcas",
  name: "Marcas registradas",
  description: "Marcas solicitadas y concedidas ante el INPI, con su acta, clase de Niza, titular, estado y vencimiento.",
  source: { id: "inpi", name: "Instituto Nacional de la Propiedad Industrial" },
  frequency: "semanal",
  granularity: "una fila por marca (acta)",
  historical_depth: "marcas vigentes y en trámite",
  tags: ["marcas", "propiedad intelectual", "inpi"],
  country: "AR",
  source_native_language: "es",
  update_pattern: "full_refresh",
  freshness_sla: { declared_frequency: "weekly", max_acceptable_lag_hours: 24 * 10 },
  content_advisory: null,
  compliance_notes: {
    license: "Información pública del Boletín de Marcas del INPI (Ley 22.362 de Marcas y Designaciones)",
    commercial_use: "ok",
    attribution_required: "Fuente: INPI, Boletín de Marcas.",
    notes: null,
  },
  ai_metadata: {
    llm_intro:
      "Cada fila es una marca identificada por su `acta`, con la clase de Niza (1 a 45) de los productos o servicios " +
      "que protege, el titular y su CUIT, el estado del trámite y el vencimiento. Una marca concedida dura diez años " +
      "desde la concesión y se puede renovar.",
    business_questions: ["¿Qué marcas tiene registradas una empresa?", "¿Qué marcas vencen pronto?", "¿En qué clases registra más una empresa?"],
    example_queries: [
      {
        question: "Marcas que vencen en los próximos seis meses",
        approach: "Cargá el snapshot como tabla ar_inpi_marcas y filtrá por fecha_vencimiento.",
        sql:
          "SELECT acta, denominacion, titular, clase_niza, fecha_vencimiento\n" +
          "FROM ar_inpi_marcas\n" +
          "WHERE fecha_vencimiento BETWEEN current_date AND current_date + INTERVAL '6 months'\n" +
          "ORDER BY fecha_vencimiento",
      },
      {
        question: "Titulares con más marcas por clase",
        approach: "Agrupá por CUIT y clase.",
        sql:
          "SELECT cuit, titular, clase_niza, count(*) AS marcas\nFROM ar_inpi_marcas\nGROUP BY cuit, titular, clase_niza\nORDER BY marcas DESC\nLIMIT 20",
        polars: 'pl.read_parquet(url).group_by("cuit", "titular", "clase_niza").len().sort("len", descending=True).head(20)',
      },
    ],
    methodology_notes: "Se arma desde el Boletín de Marcas; cada snapshot es la foto completa de actas vigentes y en trámite. " + SYNTHETIC,
    gotchas: [
      { title: "Una denominación, varias actas", detail: "La misma marca registrada en varias clases tiene un acta por clase." },
      { title: "fecha_vencimiento vacía", detail: "Las marcas en trámite todavía no tienen vencimiento." },
    ],
    related_datasets: [{ id: "ar-arca-padron", relation: "Datos fiscales del titular." }],
    summary_columns: ["acta", "denominacion", "titular", "clase_niza", "estado"],
    explorable_columns: ["clase_niza", "estado", "tipo_marca"],
  },
  columns: [
    { name: "cuit", description: "CUIT del titular.", sample_value: "30712345671" },
    { name: "acta", description: "Número de acta del INPI.", sample_value: "3912345" },
    { name: "denominacion", description: "Denominación de la marca.", sample_value: "PLATA EXPRESS" },
    { name: "clase_niza", description: "Clase de la Clasificación de Niza, 1 a 45.", sample_value: 39 },
    { name: "titular", description: "Titular de la marca.", sample_value: "LOGISTICA DEL PLATA S.A." },
    { name: "tipo_marca", description: "Denominativa, figurativa o mixta.", sample_value: "MIXTA" },
    { name: "estado", description: "Estado del trámite (CONCEDIDA, EN TRAMITE, CADUCA, ...).", sample_value: "CONCEDIDA" },
    { name: "fecha_solicitud", description: "Fecha de la solicitud.", sample_value: "2019-04-08" },
    { name: "fecha_vencimiento", description: "Vencimiento del registro.", sample_value: "2030-02-11" },
    { name: "numero_resolucion", description: "Número de la resolución del INPI que concedió (o denegó) el registro; vacío en trámite.", sample_value: "612345" },
  ],
  published: true,
  visibility: "public",
  min_tier: "free",
  parent_id: null,
  engine_source: "marcas",
  formats: ["parquet", "csv"],
};

export const concursos: DatasetDefinition = {
  id: "ar-concursos-quiebras",
  name: "Concursos preventivos y quiebras",
  description:
    "Procesos concursales publicados por edicto (Ley 24.522): tipo de proceso, juzgado, expediente, fecha de apertura, " +
    "síndico y estado.",
  source: { id: "boletin-oficial", name: "Boletín Oficial de la República Argentina y boletines provinciales" },
  frequency: "diaria",
  granularity: "una fila por proceso",
  historical_depth: "últimos diez años",
  tags: ["concursos", "quiebras", "insolvencia", "judicial"],
  country: "AR",
  source_native_language: "es",
  update_pattern: "incremental_append",
  freshness_sla: { declared_frequency: "daily", max_acceptable_lag_hours: 72 },
  content_advisory: null,
  compliance_notes: {
    license: "Edictos judiciales de publicación oficial obligatoria (Ley 24.522 de Concursos y Quiebras)",
    commercial_use: "ok",
    attribution_required: "Fuente: Boletín Oficial; edictos judiciales.",
    notes: null,
  },
  ai_metadata: {
    llm_intro:
      "Cada fila es un proceso concursal de un CUIT: `tipo_proceso` es CONCURSO PREVENTIVO, QUIEBRA o ACUERDO " +
      "PREVENTIVO EXTRAJUDICIAL; `monto_pasivo` es el pasivo denunciado en pesos, cuando se publicó.",
    business_questions: ["¿Este CUIT tiene un concurso o una quiebra?", "¿Cuántas aperturas hay por año y tipo?", "¿Qué juzgados concentran procesos?"],
    example_queries: [
      {
        question: "Aperturas por año y tipo de proceso",
        approach: "Cargá el snapshot como tabla ar_concursos_quiebras y agrupá por año de apertura.",
        sql:
          "SELECT extract(year FROM fecha_apertura) AS anio, tipo_proceso, count(*) AS procesos\n" +
          "FROM ar_concursos_quiebras\n" +
          "GROUP BY extract(year FROM fecha_apertura), tipo_proceso\n" +
          "ORDER BY anio, tipo_proceso",
      },
      {
        question: "Quiebras con mayor pasivo",
        approach: "Filtrá tipo_proceso y ordená por monto_pasivo; los nulos quedan al final.",
        sql:
          "SELECT cuit, denominacion, juzgado, fecha_apertura, monto_pasivo\nFROM ar_concursos_quiebras\nWHERE tipo_proceso = 'QUIEBRA' AND monto_pasivo IS NOT NULL\nORDER BY monto_pasivo DESC\nLIMIT 20",
      },
    ],
    methodology_notes: "Se extraen de los edictos publicados; un proceso se agrega al aparecer su primer edicto. " + SYNTHETIC,
    gotchas: [
      { title: "monto_pasivo está en pesos nominales", detail: "No está ajustado por inflación: compará montos de años distintos con cuidado." },
      { title: "Un CUIT puede tener varios procesos", detail: "Por ejemplo un concurso preventivo que luego se convierte en quiebra." },
    ],
    related_datasets: [{ id: "ar-bcra-central-deudores", relation: "Deuda financiera del mismo CUIT." }],
    summary_columns: ["cuit", "denominacion", "tipo_proceso", "fecha_apertura", "estado"],
    explorable_columns: ["tipo_proceso", "jurisdiccion", "estado"],
  },
  columns: [
    { name: "cuit", description: "CUIT del concursado o fallido.", sample_value: "30712345671" },
    { name: "denominacion", description: "Nombre o razón social.", sample_value: "LOGISTICA DEL PLATA S.A." },
    { name: "tipo_proceso", description: "CONCURSO PREVENTIVO, QUIEBRA o ACUERDO PREVENTIVO EXTRAJUDICIAL.", sample_value: "CONCURSO PREVENTIVO" },
    { name: "juzgado", description: "Juzgado interviniente.", sample_value: "JUZGADO NACIONAL EN LO COMERCIAL N° 8" },
    { name: "secretaria", description: "Secretaría.", sample_value: "N° 15" },
    { name: "expediente", description: "Número de expediente.", sample_value: "COM 12345/2025" },
    { name: "fecha_apertura", description: "Fecha de apertura del proceso.", sample_value: "2025-07-21" },
    { name: "sindico", description: "Síndico designado.", sample_value: "CDOR. MARTINEZ, ANA" },
    { name: "estado", description: "Estado del proceso.", sample_value: "EN TRAMITE" },
    { name: "jurisdiccion", description: "Jurisdicción del juzgado.", sample_value: "CABA" },
    { name: "monto_pasivo", description: "Pasivo denunciado; los edictos del Boletín Oficial no lo publican, así que suele estar vacío.", unit: "pesos", sample_value: null },
    { name: "aviso_id", description: "Id del aviso del Boletín Oficial (segunda sección, Concursos y quiebras) del que se leyó la fila.", sample_value: "A1234567" },
    { name: "fecha_publicacion", description: "Fecha de publicación del aviso en el Boletín Oficial.", sample_value: "2025-03-12" },
  ],
  published: true,
  visibility: "public",
  min_tier: "free",
  parent_id: null,
  engine_source: "concursos",
  formats: ["parquet", "csv"],
};

export const comex: DatasetDefinition = {
  id: "ar-comex-operadores",
  name: "Importadores y exportadores",
  description:
    "Actividad de comercio exterior por CUIT, año y rol: cantidad de operaciones, monto FOB en dólares, capítulos de " +
    "la Nomenclatura Común del Mercosur y países principales. Disponible desde el plan Pro.",
  source: { id: "arca-dga", name: "ARCA, Dirección General de Aduanas" },
  frequency: "mensual",
  granularity: "una fila por CUIT, año y rol",
  historical_depth: "últimos cinco años",
  tags: ["comercio exterior", "importaciones", "exportaciones", "aduana"],
  country: "AR",
  source_native_language: "es",
  update_pattern: "full_refresh",
  freshness_sla: { declared_frequency: "monthly", max_acceptable_lag_hours: 24 * 45 },
  content_advisory: null,
  compliance_notes: {
    license: "Compilación de Legajo sobre información aduanera de acceso público; redistribución sujeta a contrato",
    commercial_use: "restricted",
    attribution_required: "Fuente: ARCA (Dirección General de Aduanas); compilación de Legajo.",
    notes: "Podés usarlo en tus análisis; no lo redistribuyas en bruto.",
  },
  ai_metadata: {
    llm_intro:
      "Una fila por CUIT, año y rol (IMPORTADOR o EXPORTADOR). `monto_fob_usd` suma el valor FOB en dólares de las " +
      "operaciones del año; `capitulos_ncm` y `paises_principales` son listas separadas por punto y coma.",
    business_questions: ["¿Quiénes son los mayores exportadores del último año?", "¿Qué empresas importan y exportan?", "¿Cómo creció el comercio exterior de un CUIT?"],
    example_queries: [
      {
        question: "Mayores exportadores del último año",
        approach: "Cargá el snapshot como tabla ar_comex_operadores y filtrá el año más reciente.",
        sql:
          "SELECT cuit, denominacion, sum(monto_fob_usd) AS fob_usd, sum(operaciones) AS operaciones\n" +
          "FROM ar_comex_operadores\n" +
          "WHERE rol = 'EXPORTADOR' AND anio = (SELECT max(anio) FROM ar_comex_operadores)\n" +
          "GROUP BY cuit, denominacion\n" +
          "ORDER BY fob_usd DESC\n" +
          "LIMIT 20",
      },
      {
        question: "Operadores que importan y exportan el mismo año",
        approach: "Agrupá por CUIT y año y pedí los dos roles.",
        sql:
          "SELECT cuit, anio, sum(monto_fob_usd) FILTER (WHERE rol = 'IMPORTADOR') AS importado_usd,\n" +
          "       sum(monto_fob_usd) FILTER (WHERE rol = 'EXPORTADOR') AS exportado_usd\n" +
          "FROM ar_comex_operadores\n" +
          "GROUP BY cuit, anio\n" +
          "HAVING count(DISTINCT rol) = 2\n" +
          "ORDER BY anio DESC, exportado_usd DESC",
      },
    ],
    methodology_notes: "Se agregan por año las destinaciones de importación y exportación de cada CUIT. " + SYNTHETIC,
    gotchas: [
      { title: "monto_fob_usd está en dólares", detail: "Valor FOB en dólares estadounidenses, sin convertir a pesos." },
      { title: "El año en curso está incompleto", detail: "La fila del año actual suma solo los meses transcurridos." },
    ],
    related_datasets: [{ id: "ar-arca-padron", relation: "Datos fiscales del operador." }],
    summary_columns: ["cuit", "anio", "rol", "monto_fob_usd"],
    explorable_columns: ["anio", "rol"],
  },
  columns: [
    { name: "cuit", description: "CUIT del operador.", sample_value: "30712345671" },
    { name: "denominacion", description: "Razón social.", sample_value: "LOGISTICA DEL PLATA S.A." },
    { name: "anio", description: "Año calendario.", sample_value: 2025 },
    { name: "rol", description: "IMPORTADOR o EXPORTADOR.", sample_value: "EXPORTADOR" },
    { name: "operaciones", description: "Destinaciones del año.", unit: "operaciones", sample_value: 48 },
    { name: "monto_fob_usd", description: "Valor FOB total del año.", unit: "dólares estadounidenses", sample_value: 1250000 },
    { name: "capitulos_ncm", description: "Capítulos NCM principales, separados por punto y coma.", sample_value: "10;12;23" },
    { name: "paises_principales", description: "Países de destino u origen principales, separados por punto y coma.", sample_value: "BRASIL;CHINA" },
  ],
  published: true,
  visibility: "public",
  min_tier: "pro",
  parent_id: null,
  engine_source: "comex",
  formats: ["parquet", "csv"],
};

export const sociedadesBoletin: DatasetDefinition = {
  id: "ar-boletin-oficial-sociedades",
  name: "Sociedades constituidas (Boletín Oficial)",
  description:
    "Constituciones de sociedades publicadas en la Segunda Sección del Boletín Oficial: denominación, tipo societario, " +
    "domicilio, capital y objeto. Publicado en el catálogo; el primer snapshot está en preparación.",
  source: { id: "boletin-oficial", name: "Boletín Oficial de la República Argentina y boletines provinciales" },
  frequency: "diaria",
  granularity: "una fila por aviso de constitución",
  historical_depth: "desde el primer snapshot",
  tags: ["sociedades", "constituciones", "boletín oficial"],
  country: "AR",
  source_native_language: "es",
  update_pattern: "incremental_append",
  freshness_sla: { declared_frequency: "daily", max_acceptable_lag_hours: 48 },
  content_advisory: null,
  compliance_notes: {
    license: "Publicación oficial de acceso libre del Boletín Oficial de la República Argentina",
    commercial_use: "ok",
    attribution_required: "Fuente: Boletín Oficial de la República Argentina, Segunda Sección.",
    notes: null,
  },
  ai_metadata: {
    llm_intro: "Cada fila es un aviso de constitución de sociedad. El CUIT suele faltar: se asigna después de la constitución.",
    business_questions: ["¿Cuántas sociedades se constituyen por mes y tipo?", "¿Qué capital declaran las S.A.S.?"],
    example_queries: [
      {
        question: "Constituciones por mes y tipo societario",
        approach: "Cargá el snapshot como tabla ar_boletin_oficial_sociedades.",
        sql:
          "SELECT date_trunc('month', fecha_publicacion) AS mes, tipo_societario, count(*) AS sociedades\n" +
          "FROM ar_boletin_oficial_sociedades\n" +
          "GROUP BY 1, 2\n" +
          "ORDER BY 1, 2",
      },
    ],
    methodology_notes: "Se extraen los avisos de la Segunda Sección del Boletín Oficial.",
    gotchas: [{ title: "capital_social en pesos nominales", detail: "El capital no está ajustado por inflación." }],
    related_datasets: [{ id: "ar-arca-padron", relation: "Cuando la sociedad obtiene su CUIT, aparece en el padrón." }],
    summary_columns: ["fecha_publicacion", "denominacion", "tipo_societario"],
    explorable_columns: ["tipo_societario"],
  },
  columns: [
    { name: "fecha_publicacion", type: "DATE", nullable: false, description: "Fecha del Boletín Oficial.", sample_value: "2026-10-05" },
    { name: "edicto_id", type: "VARCHAR", nullable: false, description: "Identificador del aviso.", sample_value: "BO-2026-10-05-1234" },
    { name: "denominacion", type: "VARCHAR", nullable: false, description: "Denominación social.", sample_value: "NUEVOS RUMBOS S.A.S." },
    { name: "tipo_societario", type: "VARCHAR", nullable: false, description: "S.A., S.R.L., S.A.S., ...", sample_value: "S.A.S." },
    { name: "cuit", type: "VARCHAR", nullable: true, description: "CUIT, cuando ya fue asignada.", sample_value: null },
    { name: "domicilio", type: "VARCHAR", nullable: true, description: "Sede social.", sample_value: "CORRIENTES 1234, CABA" },
    { name: "capital_social", type: "DOUBLE", nullable: true, description: "Capital suscripto.", unit: "pesos", sample_value: 2000000 },
    { name: "objeto", type: "VARCHAR", nullable: true, description: "Objeto social resumido.", sample_value: "Servicios de logística y transporte." },
  ],
  published: true,
  visibility: "public",
  min_tier: "free",
  parent_id: null,
  engine_source: null,
  formats: ["parquet", "csv"],
};
