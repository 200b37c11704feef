import type { DatasetDefinition } from "../define";
import { SYNTHETIC } from "./common";

const ARCA = { id: "arca", name: "Agencia de Recaudación y Control Aduanero (ARCA, ex AFIP)" };


export const padron: DatasetDefinition = {
  id: "ar-arca-padron",
  name: "Padrón de contribuyentes",
  description:
    "Contribuyentes inscriptos en ARCA: razón social, tipo de persona, estado de la CUIT, actividad principal, " +
    "impuestos en los que está inscripto y domicilio fiscal. Se publica solo en Parquet por su tamaño.",
  source: ARCA,
  frequency: "mensual",
  granularity: "una fila por CUIT",
  historical_depth: "foto actual",
  tags: ["identidad", "contribuyentes", "impuestos", "arca"],
  country: "AR",
  source_native_language: "es",
  update_pattern: "full_refresh",
  freshness_sla: { declared_frequency: "monthly", max_acceptable_lag_hours: 24 * 40 },
  content_advisory: "Contiene datos de personas físicas identificadas por CUIT/CUIL y su domicilio fiscal.",
  compliance_notes: {
    license: "Información pública de ARCA (Ley 27.275 de Derecho de Acceso a la Información Pública)",
    commercial_use: "ok",
    attribution_required: "Fuente: ARCA, padrón de contribuyentes.",
    notes: "El domicilio fiscal de personas físicas es un dato personal: no lo uses para contactar ni perfilar a nadie sin base legal (Ley 25.326).",
  },
  ai_metadata: {
    llm_intro:
      "Una fila por CUIT. `tipo_persona` es FISICA o JURIDICA; `estado_clave` ACTIVO o INACTIVO. `impuesto_ganancias` " +
      "e `impuesto_iva` dicen la condición en cada impuesto; `monotributo_categoria` es la letra del Monotributo (vacía " +
      "si no es monotributista). Es la fuente de la razón social de los informes.",
    business_questions: [
      "¿Cuál es la razón social, la actividad y el domicilio fiscal de un CUIT?",
      "¿Cuántas empresas activas hay por provincia y forma jurídica?",
      "¿Qué monotributistas son empleadores?",
    ],
    example_queries: [
      {
        question: "Empresas activas por provincia y forma jurídica",
        approach:
          "Cargá el snapshot como tabla ar_arca_padron (en DuckDB: CREATE TABLE ar_arca_padron AS SELECT * FROM " +
          "read_parquet('<url>')) y filtrá personas jurídicas activas.",
        sql:
          "SELECT domicilio_provincia, forma_juridica, count(*) AS empresas\n" +
          "FROM ar_arca_padron\n" +
          "WHERE tipo_persona = 'JURIDICA' AND estado_clave = 'ACTIVO'\n" +
          "GROUP BY domicilio_provincia, forma_juridica\n" +
          "ORDER BY empresas DESC",
        polars:
          'pl.read_parquet(url).filter((pl.col("tipo_persona") == "JURIDICA") & (pl.col("estado_clave") == "ACTIVO"))' +
          '.group_by("domicilio_provincia", "forma_juridica").len().sort("len", descending=True)',
      },
      {
        question: "Monotributistas empleadores por categoría",
        approach: "Contá con FILTER los que tienen empleador verdadero.",
        sql:
          "SELECT monotributo_categoria, count(*) FILTER (WHERE empleador) AS empleadores, count(*) AS total\n" +
          "FROM ar_arca_padron\n" +
          "WHERE monotributo_categoria IS NOT NULL\n" +
          "GROUP BY monotributo_categoria\n" +
          "ORDER BY monotributo_categoria",
      },
      {
        question: "Buscar contribuyentes por razón social",
        approach: "ILIKE no distingue mayúsculas; la razón social se publica en mayúsculas.",
        sql: "SELECT cuit, denominacion, estado_clave, domicilio_localidad\nFROM ar_arca_padron\nWHERE denominacion ILIKE '%LOGISTICA%'\nORDER BY denominacion\nLIMIT 50",
      },
    ],
    methodology_notes:
      "ARCA publica el padrón completo; cada snapshot de Legajo es una carga completa. Cada publicación reúne las " +
      "filas vigentes de las dos fuentes del padrón (ARCA y el Padron_ARCA.txt del BCRA), con la fecha de la más " +
      "reciente. " +
      SYNTHETIC,
    gotchas: [
      { title: "CUIT sin guiones", detail: "El CUIT va como 11 dígitos sin guiones ni puntos: '30712345671', no '30-71234567-1'." },
      {
        title: "Una CUIT inactiva no es una empresa disuelta",
        detail: "estado_clave INACTIVO significa que ARCA dio de baja la clave (por ejemplo por falta de actividad); la sociedad puede seguir existiendo.",
      },
      { title: "Sin CSV", detail: "Este dataset se publica solo en Parquet: pedir format=csv responde 400 format_not_available." },
    ],
    related_datasets: [
      { id: "ar-arca-riesgo-fiscal", relation: "Listas de riesgo fiscal de ARCA para el mismo CUIT." },
      { id: "ar-bcra-central-deudores", relation: "Deudas del mismo CUIT con el sistema financiero." },
    ],
    summary_columns: ["cuit", "denominacion", "tipo_persona", "estado_clave", "actividad_principal_descripcion"],
    explorable_columns: ["tipo_persona", "estado_clave", "forma_juridica", "domicilio_provincia", "monotributo_categoria"],
  },
  columns: [
    { name: "cuit", description: "CUIT o CUIL, 11 dígitos sin guiones.", sample_value: "30712345671" },
    { name: "denominacion", description: "Razón social o apellido y nombre.", sample_value: "LOGISTICA DEL PLATA S.A." },
    { name: "tipo_persona", description: "FISICA o JURIDICA.", sample_value: "JURIDICA" },
    { name: "estado_clave", description: "Estado de la CUIT: ACTIVO o INACTIVO.", sample_value: "ACTIVO" },
    { name: "fecha_inscripcion", description: "Alta de la CUIT en ARCA.", sample_value: "2015-03-02" },
    { name: "fecha_contrato_social", description: "Fecha del contrato social (personas jurídicas).", sample_value: "2015-01-20" },
    { name: "forma_juridica", description: "Tipo societario (S.A., S.R.L., S.A.S., ...).", sample_value: "SOCIEDAD ANONIMA" },
    { name: "actividad_principal_codigo", description: "Código de actividad del nomenclador de ARCA (F. 883).", sample_value: "492299" },
    { name: "actividad_principal_descripcion", description: "Descripción de la actividad principal.", sample_value: "SERVICIOS DE TRANSPORTE AUTOMOTOR DE CARGAS N.C.P." },
    { name: "actividades_secundarias", description: "Otras actividades, separadas por punto y coma.", sample_value: "521020;522099" },
    { name: "impuesto_ganancias", description: "Condición en el impuesto a las ganancias.", sample_value: "ACTIVO" },
    { name: "impuesto_iva", description: "Condición en IVA, con los códigos del padrón de ARCA decodificados (AC activo, EX exento, NA no alcanzado, NI no inscripto, ...).", sample_value: "ACTIVO" },
    { name: "monotributo_categoria", description: "Categoría del Monotributo (A a K); vacía si no es monotributista.", sample_value: null },
    { name: "empleador", description: "Está inscripto como empleador.", sample_value: true },
    { name: "domicilio_calle", description: "Calle y número del domicilio fiscal.", sample_value: "AV. PASEO COLON 1234" },
    { name: "domicilio_localidad", description: "Localidad del domicilio fiscal.", sample_value: "CIUDAD AUTONOMA BUENOS AIRES" },
    { name: "domicilio_provincia", description: "Provincia del domicilio fiscal.", sample_value: "CIUDAD AUTONOMA BUENOS AIRES" },
    { name: "domicilio_codigo_postal", description: "Código postal (Padron_ARCA.txt del BCRA).", sample_value: "C1063" },
    { name: "integrante_sociedades", description: "Integra sociedades (S/N del padrón de ARCA).", sample_value: false },
    { name: "monotributo_actividad", description: "Código de actividad del Monotributo en el padrón de ARCA; vacío si no es monotributista.", sample_value: null },
    { name: "sexo", description: "Sexo de la persona humana (M o F), del Padron_ARCA.txt del BCRA; vacío para personas jurídicas.", sample_value: "F" },
    { name: "fecha_nacimiento_constitucion", description: "Fecha de nacimiento (personas humanas) o de constitución (personas jurídicas), del Padron_ARCA.txt del BCRA.", sample_value: "1984-05-17" },
    { name: "fecha_fallecimiento", description: "Fecha de fallecimiento informada en el Padron_ARCA.txt; vacía si no hay.", sample_value: null },
    { name: "baja", description: "La CUIT está dada de baja (marca * del Padron_ARCA.txt); entonces estado_clave es INACTIVO.", sample_value: false },
    { name: "cuit_reemplazo", description: "CUIT que reemplaza a la dada de baja, si el padrón la informa.", sample_value: null },
  ],
  published: true,
  visibility: "public",
  min_tier: "free",
  parent_id: null,
  engine_source: "identidad",
  formats: ["parquet"],
};

export const riesgoFiscal: DatasetDefinition = {
  id: "ar-arca-riesgo-fiscal",
  name: "Listas de riesgo fiscal",
  description:
    "CUIT incluidas en listas públicas de riesgo fiscal y laboral: base de contribuyentes no confiables (facturas " +
    "apócrifas, APOC), Registro Público de Empleadores con Sanciones Laborales (REPSAL) y deuda previsional.",
  source: ARCA,
  frequency: "semanal",
  granularity: "una fila por CUIT y lista",
  historical_depth: "inclusiones vigentes",
  tags: ["riesgo", "fiscal", "laboral", "arca"],
  country: "AR",
  source_native_language: "es",
  update_pattern: "full_refresh",
  freshness_sla: { declared_frequency: "weekly", max_acceptable_lag_hours: 24 * 10 },
  content_advisory: "Una inclusión es una decisión administrativa, no una condena; puede estar recurrida.",
  compliance_notes: {
    license: "Información pública de ARCA y del REPSAL (Ley 26.940)",
    commercial_use: "ok",
    attribution_required: "Fuente: ARCA; Registro Público de Empleadores con Sanciones Laborales (REPSAL, Ley 26.940).",
    notes: null,
  },
  ai_metadata: {
    llm_intro:
      "Cada fila dice que un CUIT figura en una lista (`lista`) desde `fecha_publicacion`, con un detalle y, si " +
      "corresponde, el monto adeudado en pesos. Un CUIT sin filas no figura en ninguna lista.",
    business_questions: ["¿Este proveedor emite facturas apócrifas?", "¿Tiene sanciones laborales?", "¿Qué CUIT aparecen en más de una lista?"],
    example_queries: [
      {
        question: "CUIT en más de una lista",
        approach: "Cargá el snapshot como tabla ar_arca_riesgo_fiscal y agrupá por CUIT.",
        sql:
          "SELECT cuit, count(DISTINCT lista) AS listas, min(fecha_publicacion) AS primera_inclusion, sum(monto_adeudado) AS adeudado_pesos\n" +
          "FROM ar_arca_riesgo_fiscal\n" +
          "GROUP BY cuit\n" +
          "HAVING count(DISTINCT lista) > 1\n" +
          "ORDER BY listas DESC, adeudado_pesos DESC",
      },
      {
        question: "Inclusiones por lista y año",
        approach: "Agrupá por el año de publicación.",
        sql:
          "SELECT lista, extract(year FROM fecha_publicacion) AS anio, count(*) AS inclusiones\n" +
          "FROM ar_arca_riesgo_fiscal\n" +
          "GROUP BY lista, extract(year FROM fecha_publicacion)\n" +
          "ORDER BY lista, anio",
      },
    ],
    methodology_notes: "Se consolidan las listas vigentes a la fecha del snapshot; las bajas desaparecen en la carga siguiente. " + SYNTHETIC,
    gotchas: [
      { title: "monto_adeudado está en pesos y suele estar vacío", detail: "Solo las listas de deuda informan un monto." },
      { title: "Las bajas no dejan rastro", detail: "Cada snapshot trae las inclusiones vigentes; para la historia compará snapshots." },
    ],
    related_datasets: [{ id: "ar-arca-padron", relation: "Datos fiscales del mismo CUIT." }],
    summary_columns: ["cuit", "lista", "fecha_publicacion"],
    explorable_columns: ["lista"],
  },
  columns: [
    { name: "cuit", description: "CUIT incluida en la lista.", sample_value: "30712345671" },
    { name: "lista", description: "Lista en la que figura; la base APOC de ARCA se carga como \"Facturas apócrifas (APOC)\".", sample_value: "Facturas apócrifas (APOC)" },
    { name: "fecha_publicacion", description: "Fecha de publicación de la inclusión.", sample_value: "2025-11-03" },
    { name: "fecha_condicion", description: "Fecha desde la que ARCA considera apócrifo al contribuyente (\"Fecha Condicion Apocrifo\" de la base APOC).", sample_value: "2025-10-28" },
    { name: "detalle", description: "Detalle publicado con la inclusión.", sample_value: "Contribuyente no confiable: facturas apócrifas" },
    { name: "monto_adeudado", description: "Deuda informada, si la lista la tiene.", unit: "pesos", sample_value: null },
  ],
  published: true,
  visibility: "public",
  min_tier: "free",
  parent_id: null,
  engine_source: "riesgoFiscal",
  formats: ["parquet", "csv"],
};
