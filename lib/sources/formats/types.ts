import path from "node:path";
import type { DbOrTx } from "@/db/client";
import type { SourceName } from "@/db/schema";
import type { FileRow } from "../registry";

export type { FileRow } from "../registry";

/** One line an importer or the loader refused: where it is and why, in Spanish. */
export interface BadLine {
  /** File name (a ZIP or 7z member's own name when the line came from inside one). */
  file: string;
  /** 1-based line (or record) number in that file. */
  line: number;
  column?: string;
  reason: string;
}

/**
 * What an importer yields: a row of the source table (keyed by snake_case column name, values as text, checked by
 * the loader), a line it could not read, how far it got (bytes or records, for the progress bar), or a batch of
 * rows and bad lines.
 */
export type ImportItem =
  | RowItem
  | { bad: BadLine }
  | { progress: { done: number; total?: number } }
  /** Many items at once: a large file yields one batch per chunk read, not one async step per line. */
  | { batch: (RowItem | { bad: BadLine })[] };

export interface RowItem {
  row: FileRow;
  file: string;
  line: number;
}

export interface ImportInput {
  /** Paths the operator passed: files, folders, ZIP or 7z archives, as the format accepts. */
  files: string[];
  db: DbOrTx;
  snapshotDate?: string;
}

/** One published layout: reads the operator's files into rows of one source, for one of that source's feeds. */
export interface Importer {
  format: string;
  source: SourceName;
  /**
   * The feed the snapshot belongs to. The engine reads the newest snapshot of each feed of a source and combines
   * them, so importing a feed replaces that feed only.
   */
  feed: string;
  /** Spanish description of the expected input, used in "wrong format" messages. */
  expects: string;
  read(input: ImportInput): AsyncIterable<ImportItem>;
}

export type ImportErrorCode = "formato_invalido" | "archivo_invalido" | "archivo_no_encontrado";

/**
 * A whole input the importer cannot read (wrong format, wrong encoding, empty, an archive without the expected
 * member): the import stops and nothing is loaded. The message is for the operator, in Spanish.
 */
export class ImportFileError extends Error {
  override name = "ImportFileError";
  constructor(
    readonly code: ImportErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const base = (file: string) => path.basename(file);

/** The first lines are not this format: the message names the one expected. */
export const wrongFormat = (importer: Pick<Importer, "format" | "expects">, file: string, detail: string) =>
  new ImportFileError("formato_invalido", `${base(file)} no tiene el formato ${importer.format} (${importer.expects}): ${detail}.`);

export const emptyFile = (file: string) => new ImportFileError("archivo_invalido", `${base(file)} está vacío.`);

export const wrongEncoding = (file: string, expected: string, detail: string) =>
  new ImportFileError("archivo_invalido", `${base(file)} no está codificado en ${expected}: ${detail}.`);
