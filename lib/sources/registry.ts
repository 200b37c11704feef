import type { PgTable } from "drizzle-orm/pg-core";
import { ENTRY_KINDS } from "./formats/screening-entry";
import {
  SOURCE_TABLES,
  sourceNameEnum,
  type SourceName,
} from "@/db/schema";

/** A file row after type checks: column name (snake_case, as in the file header) to its text value or null. */
export type FileRow = Record<string, string | null>;

export interface SourceDefinition {
  name: SourceName;
  table: PgTable;
  /** Catalog dataset that publishes this source; reports cite it in `source` and `fuente_dataset_id`. */
  datasetId: string;
  /** Section title in reports. */
  title: string;
  /** File name the demo generator writes. */
  fileName: string;
  /** Rules beyond the column types; returns the problem in Spanish, or null. */
  check?: (row: FileRow) => string | null;
  /**
   * False for the one source table that is not partitioned by snapshot (db/migrations/0014): screening's lists are
   * small, and its name and document queries read every current list at once, which a partition per list made
   * twice as slow to plan.
   */
  partitioned?: false;
}

/** Rules skip empty values and columns the file leaves out: column types and NOT NULL cover those. */
const oneOf = (column: string, allowed: readonly string[]) => (row: FileRow) => {
  const v = row[column];
  return v == null || allowed.includes(v) ? null : `${column} debe ser uno de ${allowed.join(", ")}; vino "${v}"`;
};

const between = (column: string, min: number, max: number) => (row: FileRow) => {
  const v = row[column];
  if (v == null) return null;
  const n = Number(v);
  return n >= min && n <= max ? null : `${column} debe estar entre ${min} y ${max}; vino ${v}`;
};

const all =
  (...checks: ((row: FileRow) => string | null)[]) =>
  (row: FileRow) => {
    for (const c of checks) {
      const problem = c(row);
      if (problem) return problem;
    }
    return null;
  };

const periodo = (row: FileRow) =>
  /^\d{4}(0[1-9]|1[0-2])$/.test(row.periodo ?? "") ? null : `periodo debe ser AAAAMM; vino "${row.periodo ?? ""}"`;

export const TIPOS_PERSONA = ["FISICA", "JURIDICA"] as const;
export const ESTADOS_CLAVE = ["ACTIVO", "INACTIVO"] as const;
export const ROLES_COMEX = ["IMPORTADOR", "EXPORTADOR"] as const;

/**
 * The eight engine sources. Column lists, types and file headers are read from the drizzle tables, so a column
 * added to a table is loaded, reported and published without touching this file.
 */
export const SOURCES: Record<SourceName, SourceDefinition> = {
  identidad: {
    name: "identidad",
    table: SOURCE_TABLES.identidad,
    datasetId: "ar-arca-padron",
    title: "Identidad fiscal (padrón ARCA)",
    fileName: "padron.csv",
    check: all(oneOf("tipo_persona", TIPOS_PERSONA), oneOf("estado_clave", ESTADOS_CLAVE)),
  },
  crediticio: {
    name: "crediticio",
    table: SOURCE_TABLES.crediticio,
    datasetId: "ar-bcra-central-deudores",
    title: "Situación crediticia (BCRA, Central de Deudores)",
    fileName: "central-deudores.csv",
    check: all(periodo, between("situacion", 1, 6), between("monto", 0, Number.MAX_SAFE_INTEGER), between("dias_atraso", 0, 100_000)),
  },
  cheques: {
    name: "cheques",
    table: SOURCE_TABLES.cheques,
    datasetId: "ar-bcra-cheques-rechazados",
    title: "Cheques rechazados (BCRA)",
    fileName: "cheques-rechazados.csv",
    check: between("monto", 0.01, Number.MAX_SAFE_INTEGER),
  },
  screening: {
    name: "screening",
    table: SOURCE_TABLES.screening,
    datasetId: "intl-sanciones-pep",
    title: "Sanciones y personas expuestas políticamente",
    fileName: "sanciones-pep.csv",
    check: oneOf("tipo_entrada", ENTRY_KINDS),
    partitioned: false,
  },
  comex: {
    name: "comex",
    table: SOURCE_TABLES.comex,
    datasetId: "ar-comex-operadores",
    title: "Comercio exterior",
    fileName: "comex-operadores.csv",
    check: all(oneOf("rol", ROLES_COMEX), between("anio", 1990, 2100), between("operaciones", 0, 10_000_000)),
  },
  riesgoFiscal: {
    name: "riesgoFiscal",
    table: SOURCE_TABLES.riesgoFiscal,
    datasetId: "ar-arca-riesgo-fiscal",
    title: "Riesgo fiscal",
    fileName: "riesgo-fiscal.csv",
  },
  marcas: {
    name: "marcas",
    table: SOURCE_TABLES.marcas,
    datasetId: "ar-inpi-marcas",
    title: "Marcas registradas (INPI)",
    fileName: "marcas-inpi.csv",
    check: between("clase_niza", 1, 45),
  },
  concursos: {
    name: "concursos",
    table: SOURCE_TABLES.concursos,
    datasetId: "ar-concursos-quiebras",
    title: "Concursos y quiebras",
    fileName: "concursos-quiebras.csv",
  },
};

export const SOURCE_NAMES: readonly SourceName[] = sourceNameEnum.enumValues;

export function isSourceName(value: string): value is SourceName {
  return (SOURCE_NAMES as readonly string[]).includes(value);
}

