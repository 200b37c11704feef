import type { DbOrTx } from "@/db/client";
import type { SourceName } from "@/db/schema";
import type { SectionField } from "@/lib/schemas/sections";
import type { TableRead } from "./lookup";

/** Report section keys; each one is fed by the engine source of the same name. */
export type SectionKey = SourceName;

export const SECTION_KEYS = [
  "identidad",
  "crediticio",
  "cheques",
  "screening",
  "comex",
  "riesgoFiscal",
  "marcas",
  "concursos",
] as const satisfies readonly SectionKey[];

/** Makes a field stamped with the section's dataset and snapshot date. */
export type FieldMaker = (label: string, value: string | number | null | undefined) => SectionField;

/** What a source contributes to its section, built from its rows for one CUIT. */
export interface SectionBody {
  fields: SectionField[];
  /** The extra block of spec 2.4 (`entidades`, `comex`...), for the sections that have one. */
  block?: unknown;
  /** Labels of fields the source should have and did not: the section becomes `parcial`. */
  missing?: string[];
}

/** Reads one CUIT's rows of a source's current snapshots (one per feed). Tests and fault drills replace it. */
export type SourceLookup = (db: DbOrTx, snapshotIds: readonly number[], cuit: string, signal: AbortSignal) => Promise<readonly unknown[]>;

interface SourceBase<Row> {
  key: SectionKey;
  /** The extra block's key in the section, for the sections that carry one. */
  blockKey?: string;
  /**
   * True for list sources (debtors, rejected cheques, sanctions...): finding nothing is an authoritative answer once
   * the CUIT is known to some source. False for a register (the padrón): not finding the CUIT means it cannot say.
   */
  listSource: boolean;
  build(rows: Row[], field: FieldMaker): SectionBody;
  /** The taxpayer's name as this source spells it, for the name fallback chain. */
  name?(rows: Row[]): string | null;
}

/**
 * One engine source: how to read a CUIT's rows, and how to turn them into a section. A table source names its table
 * (`table`) and is read in the one statement of every table source (lookup.ts `readTogether`); a source that needs
 * statements of its own has a `lookup`. `build` gets the rows (maybe none: the source answered that it has nothing),
 * and is pure.
 */
export type EngineSource<Row = unknown> = SourceBase<Row> &
  (
    | { table: TableRead<Row>; lookup?: never }
    | { table?: never; lookup: (db: DbOrTx, snapshotIds: readonly number[], cuit: string) => Promise<Row[]> }
  );

/** Types a source module against its own row type, then erases it so the eight fit one registry. */
export const defineSource = <Row>(source: EngineSource<Row>): EngineSource => source;
