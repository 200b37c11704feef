import type { SourceName } from "@/db/schema";
import { fileColumns, type FileColumn } from "../columns";
import { CsvError, CsvReader } from "../csv";
import { SOURCES, type FileRow } from "../registry";
import { members } from "./archive";
import { ImportFileError, wrongEncoding, type Importer, type ImportItem } from "./types";

/** Our own layout: a CSV (UTF-8, comma, RFC 4180 quoting) whose header names the source table's columns. */
export const LEGAJO_CSV = "legajo-csv";

const invalid = (text: string) => new ImportFileError("archivo_invalido", text);

function headerColumns(source: SourceName, header: string[]): FileColumn[] {
  const known = fileColumns(SOURCES[source].table);
  const byName = new Map(known.map((c) => [c.name, c]));
  const seen = new Set<string>();
  const columns = header.map((raw) => {
    const name = raw.trim().toLowerCase();
    const column = byName.get(name);
    if (!column) throw invalid(`línea 1: la columna "${raw}" no existe en ${source}. Columnas válidas: ${known.map((c) => c.name).join(", ")}.`);
    if (seen.has(name)) throw invalid(`línea 1: la columna "${name}" está repetida.`);
    seen.add(name);
    return column;
  });
  const missing = known.filter((c) => !c.optionalInHeader && !seen.has(c.name)).map((c) => c.name);
  if (missing.length) throw invalid(`línea 1: faltan columnas obligatorias de ${source}: ${missing.join(", ")}.`);
  return columns;
}

/** The `legajo-csv` importer of one source (any source; its feed is the source's own CSV feed). */
export function legajoCsv(source: SourceName): Importer {
  const importer: Importer = {
    format: LEGAJO_CSV,
    source,
    feed: LEGAJO_CSV,
    expects: `CSV en UTF-8 con encabezado de columnas de ${source}`,
    async *read({ files }): AsyncGenerator<ImportItem> {
      const list = await members(files);
      const total = list.every((m) => m.size !== undefined) ? list.reduce((n, m) => n + m.size!, 0) : undefined;
      let done = 0;
      for (const member of list) {
        const reader = new CsvReader();
        const decoder = new TextDecoder("utf-8", { fatal: true });
        let columns: FileColumn[] | null = null;
        let rows = 0;
        const take = (fields: string[], line: number): ImportItem | null => {
          if (!columns) {
            columns = headerColumns(source, fields);
            return null;
          }
          if (fields.length !== columns.length) {
            return { bad: { file: member.name, line, reason: `tiene ${fields.length} campos y el encabezado ${columns.length}` } };
          }
          const row: FileRow = {};
          for (let i = 0; i < columns.length; i++) row[columns[i].name] = fields[i];
          rows++;
          return { row, file: member.name, line };
        };
        try {
          for await (const chunk of await member.open()) {
            done += (chunk as Buffer).length;
            let text: string;
            try {
              text = decoder.decode(chunk as Buffer, { stream: true });
            } catch {
              throw wrongEncoding(member.name, "UTF-8", "tiene bytes que no son UTF-8 (¿está en latin-1 o Windows-1252?)");
            }
            for (const record of reader.feed(text)) {
              const item = take(record.fields, record.line);
              if (item) yield item;
            }
            yield { progress: { done, total } };
          }
          for (const record of reader.feed("", true)) {
            const item = take(record.fields, record.line);
            if (item) yield item;
          }
        } catch (e) {
          if (e instanceof CsvError) throw invalid(`línea ${e.line}: ${e.message}.`);
          throw e;
        }
        if (!columns) throw invalid("El archivo está vacío: falta la línea de encabezado.");
        if (rows === 0) throw invalid("El archivo no tiene filas después del encabezado.");
      }
    },
  };
  return importer;
}
