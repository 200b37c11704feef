import type { DatasetDefinition } from "../define";
import { SYNTHETIC } from "./common";

const LEGAJO = { id: "legajo", name: "Legajo (compilación propia)" };


export const sanciones: DatasetDefinition = {
  id: "intl-sanciones-pep",
  name: "Sanciones internacionales y personas expuestas políticamente",
  description:
    "Coincidencias entre CUIT argentinos y entradas de la lista SDN de OFAC, la Lista Consolidada del Consejo de " +
    "Seguridad de la ONU y listas de personas expuestas políticamente, con el puntaje de la coincidencia.",
  source: LEGAJO,
  frequency: "diaria",
  granularity: "una fila por CUIT y entrada de lista",
  historical_depth: "entradas vigentes",
  tags: ["sanciones", "pep", "cumplimiento", "prevención de lavado"],
  country: "AR",
  source_native_language: "en",
  update_pattern: "full_refresh",
  freshness_sla: { declared_frequency: "daily", max_acceptable_lag_hours: 48 },
  content_advisory:
    "Una coincidencia por nombre no prueba que se trate de la misma persona: revisá puntaje, nacionalidad y " +
    "observaciones antes de decidir.",
  compliance_notes: {
    license:
      "OFAC SDN: dominio público (obra del Gobierno de los EE.UU., 17 U.S.C. § 105); Lista Consolidada del Consejo de " +
      "Seguridad de las Naciones Unidas: publicación oficial de acceso libre",
    commercial_use: "ok",
    attribution_required: "Fuentes: U.S. Treasury OFAC; Consejo de Seguridad de las Naciones Unidas.",
    notes: "La definición de persona expuesta políticamente sigue la Resolución UIF 35/2023.",
  },
  ai_metadata: {
    llm_intro:
      "Cada fila vincula un CUIT con una entrada (`entry_uid`) de una lista (`lista`: OFAC_SDN, ONU, PEP). " +
      "`score_coincidencia` va de 0 a 100: cuánto se parecen el nombre y los datos del CUIT a los de la entrada. " +
      "A partir de 90 se trata como coincidencia fuerte; por debajo, como un indicio a revisar.",
    business_questions: [
      "¿Este CUIT coincide con alguna entrada de OFAC o de la ONU?",
      "¿Es una persona expuesta políticamente?",
      "¿Cuántas coincidencias fuertes hay por lista y programa?",
    ],
    example_queries: [
      {
        question: "Coincidencias fuertes por lista",
        approach: "Cargá el snapshot como tabla intl_sanciones_pep y filtrá puntaje 90 o más.",
        sql:
          "SELECT lista, count(DISTINCT cuit) AS cuits, count(*) AS coincidencias\n" +
          "FROM intl_sanciones_pep\n" +
          "WHERE score_coincidencia >= 90\n" +
          "GROUP BY lista\n" +
          "ORDER BY cuits DESC",
      },
      {
        question: "Entradas que coinciden con un CUIT",
        approach: "Ordená por puntaje para ver primero las más probables.",
        sql:
          "SELECT lista, entry_uid, nombre, programa, fecha_inclusion, score_coincidencia\n" +
          "FROM intl_sanciones_pep\n" +
          "WHERE cuit = '20123456786'\n" +
          "ORDER BY score_coincidencia DESC",
        polars: 'pl.read_parquet(url).filter(pl.col("cuit") == "20123456786").sort("score_coincidencia", descending=True)',
      },
    ],
    methodology_notes:
      "Las listas se descargan a diario y sus entradas se comparan con el padrón por nombre normalizado, fecha de " +
      "nacimiento o constitución y nacionalidad. " +
      SYNTHETIC,
    gotchas: [
      { title: "El puntaje va de 0 a 100", detail: "No es una probabilidad: es un índice de similitud. Usá 90 como umbral de coincidencia fuerte." },
      { title: "Un CUIT sin filas no está 'limpio' para siempre", detail: "Las listas cambian a diario; consultá el snapshot vigente." },
    ],
    related_datasets: [{ id: "intl-sanciones-revision-manual", relation: "Coincidencias de puntaje bajo pendientes de revisión (uso interno)." }],
    summary_columns: ["cuit", "lista", "nombre", "score_coincidencia"],
    explorable_columns: ["lista", "programa", "tipo_entrada", "nacionalidad"],
  },
  columns: [
    { name: "cuit", description: "CUIT o CUIL vinculado a la entrada.", sample_value: "20123456786" },
    { name: "lista", description: "Lista de origen: OFAC_SDN, ONU o PEP.", sample_value: "OFAC_SDN" },
    { name: "entry_uid", description: "Identificador de la entrada en su lista.", sample_value: "SDN-36124" },
    { name: "nombre", description: "Nombre tal como figura en la lista.", sample_value: "PEREZ, Juan Carlos" },
    { name: "tipo_entrada", description: "Individual o Entity.", sample_value: "Individual" },
    { name: "programa", description: "Programa de sanciones (por ejemplo SDNTK, SDGT).", sample_value: "SDNTK" },
    { name: "fecha_inclusion", description: "Fecha en que la entrada se agregó a la lista.", sample_value: "2019-06-12" },
    { name: "nacionalidad", description: "Nacionalidad informada en la lista.", sample_value: "Argentina" },
    { name: "observaciones", description: "Observaciones de la lista (alias, documentos, direcciones).", sample_value: "a.k.a. 'EL GRINGO'" },
    { name: "score_coincidencia", description: "Similitud entre el CUIT y la entrada.", unit: "puntos (0-100)", sample_value: 96.5 },
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
  name: "Coincidencias de screening pendientes de revisión (uso interno)",
  description:
    "Coincidencias con puntaje menor a 90, o sin puntaje, que un analista debe confirmar o descartar. Solo para " +
    "administradores: exponerlas confundiría indicios con hallazgos sobre personas.",
  source: LEGAJO,
  frequency: "diaria",
  granularity: "una fila por CUIT y entrada de lista",
  historical_depth: "entradas vigentes",
  tags: ["sanciones", "interno", "revisión"],
  country: "AR",
  source_native_language: "es",
  update_pattern: "full_refresh",
  freshness_sla: { declared_frequency: "daily", max_acceptable_lag_hours: 48 },
  content_advisory: "Indicios sin confirmar sobre personas: no publicar ni usar para decisiones sin revisión.",
  compliance_notes: {
    license: "Uso interno de Legajo",
    commercial_use: "prohibited",
    notes: "Derivado de listas públicas, pero la selección de coincidencias débiles es material de trabajo interno.",
  },
  ai_metadata: {
    llm_intro: "Subconjunto de intl-sanciones-pep con puntaje menor a 90 o sin puntaje, ordenado por puntaje ascendente.",
    business_questions: ["¿Qué coincidencias quedan por revisar?", "¿Cuántas son de cada lista?"],
    example_queries: [
      {
        question: "Pendientes por lista y motivo",
        approach: "Cargá el snapshot como tabla intl_sanciones_revision_manual.",
        sql:
          "SELECT lista, motivo_revision, count(*) AS pendientes\nFROM intl_sanciones_revision_manual\nGROUP BY lista, motivo_revision\nORDER BY pendientes DESC",
      },
    ],
    methodology_notes: "Se calcula con SQL sobre el mismo snapshot de intl-sanciones-pep, en el mismo paso de publicación.",
    gotchas: [{ title: "Sin puntaje no es puntaje cero", detail: "motivo_revision 'sin puntaje' indica que el comparador no pudo puntuar la entrada." }],
    related_datasets: [{ id: "intl-sanciones-pep", relation: "Vista derivada de las coincidencias de screening.", derived: true }],
    summary_columns: ["cuit", "lista", "nombre", "score_coincidencia"],
    explorable_columns: ["lista", "motivo_revision"],
  },
  columns: [
    { name: "cuit", description: "CUIT vinculado.", sample_value: "20123456786" },
    { name: "lista", description: "Lista de origen.", sample_value: "PEP" },
    { name: "entry_uid", description: "Entrada de la lista.", sample_value: "PEP-AR-00412" },
    { name: "nombre", description: "Nombre en la lista.", sample_value: "PEREZ, Juan" },
    { name: "tipo_entrada", description: "Individual o Entity.", sample_value: "Individual" },
    { name: "programa", description: "Programa de sanciones, si lo hay.", sample_value: null },
    { name: "score_coincidencia", description: "Similitud.", unit: "puntos (0-100)", sample_value: 71 },
    { name: "motivo_revision", description: "'puntaje bajo' o 'sin puntaje'.", sample_value: "puntaje bajo" },
  ],
  published: true,
  visibility: "admin_only",
  min_tier: "free",
  parent_id: "intl-sanciones-pep",
  engine_source: null,
  formats: ["parquet", "csv"],
};
