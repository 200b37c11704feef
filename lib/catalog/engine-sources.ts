import {
  srcCheques,
  srcComex,
  srcConcursos,
  srcCrediticio,
  srcIdentidad,
  srcMarcas,
  srcRiesgoFiscal,
  srcScreening,
  type SourceName,
} from "@/db/schema";

/** The source table behind each engine source; publication reads a snapshot of it. */
export const SOURCE_TABLES = {
  identidad: srcIdentidad,
  crediticio: srcCrediticio,
  cheques: srcCheques,
  screening: srcScreening,
  comex: srcComex,
  riesgoFiscal: srcRiesgoFiscal,
  marcas: srcMarcas,
  concursos: srcConcursos,
} as const satisfies Record<SourceName, unknown>;

export type SourceTable = (typeof SOURCE_TABLES)[SourceName];
