import type { DatasetDefinition } from "../define";
import { SYNTHETIC } from "./common";

const LEGAJO = { id: "legajo", name: "Legajo (compilación propia)" };

export const sanciones: DatasetDefinition = {
  id: "intl-sanciones-pep",
  name: "Sanciones internacionales: entradas de las listas de la ONU, el RePET y OFAC",
  description:
    "Las entradas vigentes de la Lista Consolidada del Consejo de Seguridad de la ONU, del RePET (Registro Público " +
    "de Personas y Entidades vinculadas a actos de Terrorismo y su Financiamiento) y de la lista SDN de OFAC, con " +
    "nombre, alias, documentos, programa y fecha de inclusión. Los informes las comparan con cada CUIT al generarse.",
  source: LEGAJO,
  frequency: "diaria",
  granularity: "una fila por entrada de lista",
  historical_depth: "entradas vigentes",
  tags: ["sanciones", "terrorismo", "cumplimiento", "prevención de lavado"],
  country: "AR",
  source_native_language: "en",
  update_pattern: "full_refresh",
  freshness_sla: { declared_frequency: "daily", max_acceptable_lag_hours: 48 },
  content_advisory:
    "Una coincidencia por nombre no prueba que se trate de la misma persona: revisá documentos, nacionalidad, fecha " +
    "de nacimiento y observaciones antes de decidir.",
  compliance_notes: {
    license:
      "OFAC SDN: dominio público (obra del Gobierno de los EE.UU., 17 U.S.C. § 105); Lista Consolidada del Consejo de " +
      "Seguridad de las Naciones Unidas y RePET (Ministerio de Justicia): publicaciones oficiales de acceso libre",
    commercial_use: "ok",
    attribution_required: "Fuentes: U.S. Treasury OFAC; Consejo de Seguridad de las Naciones Unidas; Ministerio de Justicia (RePET).",
    notes:
      "Cada lista se importa por separado y conserva su propia fecha de snapshot; cada publicación reúne las entradas " +
      "vigentes de todas las listas y lleva la fecha de la lista cargada más recientemente.",
  },
  ai_metadata: {
    llm_intro:
      "Cada fila es una entrada (`entry_uid`) de una lista (`lista`: ONU, RePET u OFAC SDN), no una coincidencia. " +
      "`cuit` solo está cuando la entrada trae un CUIT o CUIL entre sus documentos. `claves_nombre` y " +
      "`claves_documento` son las claves normalizadas con que el motor compara cada CUIT: primero por documento " +
      "(CUIT, CUIL o DNI) y, si no, por nombre con un puntaje de 0 a 1.",
    business_questions: [
      "¿Qué entradas de las listas traen un CUIT, CUIL o DNI argentino?",
      "¿Cuántas entradas hay por lista y programa?",
      "¿Figura un nombre, o alguno de sus alias, en alguna lista?",
    ],
    example_queries: [
      {
        question: "Entradas por lista y programa",
        approach: "Cargá el snapshot como tabla intl_sanciones_pep.",
        sql: "SELECT lista, programa, count(*) AS entradas\nFROM intl_sanciones_pep\nGROUP BY lista, programa\nORDER BY entradas DESC",
      },
      {
        question: "Entradas con documento argentino",
        approach: "claves_documento lista las claves CUIT:… y DNI:… de cada entrada.",
        sql:
          "SELECT lista, numero_referencia, nombre, documentos\n" +
          "FROM intl_sanciones_pep\n" +
          "WHERE claves_documento IS NOT NULL\n" +
          "ORDER BY lista, nombre",
        polars: 'pl.read_parquet(url).filter(pl.col("claves_documento").is_not_null())',
      },
    ],
    methodology_notes:
      "Los nombres se normalizan en mayúsculas, sin acentos ni puntuación, sin formas societarias (S.A., S.R.L.) y " +
      "con las palabras ordenadas, de modo que el orden de apellido y nombre no importa. Una coincidencia por nombre " +
      "cuenta desde el umbral configurado (0,9 por defecto). " +
      SYNTHETIC,
    gotchas: [
      { title: "Son entradas, no coincidencias", detail: "Las coincidencias con un CUIT se calculan al generar el informe, con el nombre del padrón." },
      { title: "OFAC no publica la fecha de inclusión en CSV", detail: "fecha_inclusion queda vacía en las entradas de OFAC SDN." },
      { title: "Una lista sin filas no es una persona 'limpia' para siempre", detail: "Las listas cambian a diario; consultá el snapshot vigente." },
    ],
    related_datasets: [{ id: "intl-sanciones-revision-manual", relation: "Entradas que solo pueden coincidir por nombre (uso interno)." }],
    summary_columns: ["lista", "numero_referencia", "nombre", "programa"],
    explorable_columns: ["lista", "programa", "tipo_entrada", "nacionalidad"],
  },
  columns: [
    { name: "cuit", description: "CUIT o CUIL de la entrada, cuando sus documentos traen uno válido.", sample_value: "20123456786" },
    { name: "lista", description: "Lista de origen: ONU, RePET u OFAC SDN.", sample_value: "OFAC SDN" },
    { name: "entry_uid", description: "Identificador de la entrada en su lista (DATAID de la ONU y el RePET, ent_num de OFAC).", sample_value: "36124" },
    { name: "numero_referencia", description: "Referencia que publica la lista (QDi.123, ArE.00005; en OFAC, el ent_num).", sample_value: "QDi.431" },
    { name: "nombre", description: "Nombre tal como figura en la lista.", sample_value: "PÉREZ, Juan Carlos" },
    { name: "nombre_normalizado", description: "El nombre en mayúsculas, sin acentos, puntuación ni formas societarias, con las palabras ordenadas.", sample_value: "CARLOS JUAN PEREZ" },
    { name: "alias", description: "Otros nombres de la entrada, separados por punto y coma.", sample_value: "EL GRINGO; JUAN C. PEREZ" },
    { name: "claves_nombre", description: "El nombre y cada alias normalizados, separados por |: lo que compara el motor.", sample_value: "CARLOS JUAN PEREZ|EL GRINGO" },
    { name: "tipo_entrada", description: "persona, entidad, buque o aeronave.", sample_value: "persona" },
    { name: "programa", description: "Programa o régimen de sanciones (por ejemplo SDGT, Al-Qaida).", sample_value: "SDGT" },
    { name: "fecha_inclusion", description: "Fecha en que la entrada se agregó a la lista (OFAC no la publica en CSV).", sample_value: "2019-06-12" },
    { name: "documentos", description: "Documentos de identidad: tipo, número y país.", sample_value: "CUIT 20-12345678-6 (Argentina); Passport AB123456 (Argentina)" },
    { name: "claves_documento", description: "CUIT/CUIL y DNI argentinos de la entrada como CUIT:… y DNI:…, separados por espacio.", sample_value: "CUIT:20123456786 DNI:12345678" },
    { name: "nacionalidad", description: "Nacionalidad informada en la lista.", sample_value: "Argentina" },
    { name: "fecha_nacimiento", description: "Fechas o años de nacimiento, como los da la lista.", sample_value: "1970-01-13" },
    { name: "observaciones", description: "Comentarios de la lista y domicilios.", sample_value: "Domicilio: Ciudad del Este, Paraguay" },
  ],
  published: true,
  visibility: "public",
  min_tier: "free",
  parent_id: null,
  engine_source: "screening",
  formats: ["parquet", "csv"],
};

export const sancionesRevision: DatasetDefinition = {
  id: "intl-sanciones-revision-manual",
  name: "Entradas de sanciones que solo coinciden por nombre (uso interno)",
  description:
    "Las entradas de las listas sin CUIT, CUIL ni DNI argentino: un informe solo puede vincularlas a un CUIT por " +
    "nombre, y un analista debe confirmar esa coincidencia. Solo para administradores.",
  source: LEGAJO,
  frequency: "diaria",
  granularity: "una fila por entrada de lista",
  historical_depth: "entradas vigentes",
  tags: ["sanciones", "interno", "revisión"],
  country: "AR",
  source_native_language: "es",
  update_pattern: "full_refresh",
  freshness_sla: { declared_frequency: "daily", max_acceptable_lag_hours: 48 },
  content_advisory: "Material de trabajo para revisar coincidencias por nombre: no publicar ni usar para decisiones sin revisión.",
  compliance_notes: {
    license: "Uso interno de Legajo",
    commercial_use: "prohibited",
    notes: "Derivado de listas públicas; la selección es material de trabajo interno.",
  },
  ai_metadata: {
    llm_intro: "Subconjunto de intl-sanciones-pep: personas y entidades sin documento argentino, ordenadas por lista y nombre.",
    business_questions: ["¿Qué entradas solo pueden coincidir por nombre?", "¿Cuántas son de cada lista?"],
    example_queries: [
      {
        question: "Entradas sin documento por lista",
        approach: "Cargá el snapshot como tabla intl_sanciones_revision_manual.",
        sql: "SELECT lista, tipo_entrada, count(*) AS entradas\nFROM intl_sanciones_revision_manual\nGROUP BY lista, tipo_entrada\nORDER BY entradas DESC",
      },
    ],
    methodology_notes: "Se calcula con SQL sobre el mismo snapshot de intl-sanciones-pep, en el mismo paso de publicación.",
    gotchas: [{ title: "Sin documento no es sin datos", detail: "Nacionalidad, fecha de nacimiento y alias ayudan a descartar homónimos." }],
    related_datasets: [{ id: "intl-sanciones-pep", relation: "Vista derivada de las entradas de las listas.", derived: true }],
    summary_columns: ["lista", "nombre", "tipo_entrada"],
    explorable_columns: ["lista", "tipo_entrada", "programa"],
  },
  columns: [
    { name: "lista", description: "Lista de origen.", sample_value: "ONU" },
    { name: "entry_uid", description: "Entrada de la lista.", sample_value: "6908555" },
    { name: "numero_referencia", description: "Referencia que publica la lista.", sample_value: "QDi.431" },
    { name: "nombre", description: "Nombre en la lista.", sample_value: "PÉREZ, Juan" },
    { name: "alias", description: "Otros nombres de la entrada.", sample_value: null },
    { name: "tipo_entrada", description: "persona o entidad.", sample_value: "persona" },
    { name: "programa", description: "Programa de sanciones, si lo hay.", sample_value: "Al-Qaida" },
    { name: "nacionalidad", description: "Nacionalidad informada en la lista.", sample_value: null },
    { name: "fecha_nacimiento", description: "Fechas o años de nacimiento.", sample_value: "1970" },
    { name: "motivo_revision", description: "Siempre 'solo coincide por nombre'.", sample_value: "solo coincide por nombre" },
  ],
  published: true,
  visibility: "admin_only",
  min_tier: "free",
  parent_id: "intl-sanciones-pep",
  engine_source: null,
  formats: ["parquet", "csv"],
};
