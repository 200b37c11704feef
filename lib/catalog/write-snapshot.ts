import path from "node:path";
import { ParquetWriter } from "hyparquet-writer";
import type { SnapshotFormat } from "@/db/schema";
import { csvField, csvHeader, parquetSchema, parquetValue, type PublishedColumn } from "./columns";
import { HashingFile, LineWriter, ParquetFileWriter, type WrittenFile } from "./file-sink";
import type { Batch } from "./row-stream";
import { allSettledInOrder } from "@/lib/settled";

/**
 * Rows per Parquet row group. Memory grows with it (the writer holds a group's values and their encodings); at this
 * size a million-row publication stays well under 400 MB and compression barely changes.
 */
export const ROW_GROUP_ROWS = 16_384;

export interface WrittenSnapshot {
  rowCount: number;
  files: Partial<Record<SnapshotFormat, WrittenFile>>;
  /** First non-null value seen in each column, for columns the catalog does not document yet. */
  samples: Record<string, unknown>;
}

export interface SnapshotInput {
  batches: AsyncIterable<Batch>;
  /** A ready-made CSV (header included) to store as is; without it the CSV is written from `batches`. */
  csvBytes?: () => AsyncIterable<Uint8Array>;
  columns: readonly PublishedColumn[];
  dir: string;
  baseName: string;
  formats: readonly SnapshotFormat[];
  onRows?: (rows: number) => void;
  rowGroupRows?: number;
}

async function pipeTo(file: HashingFile, chunks: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const chunk of chunks) await file.write(chunk);
}

/**
 * Writes the rows to Parquet (Snappy) and, when asked, CSV. Parquet is written a row group at a time from column
 * arrays, so memory holds one row group whatever the number of rows; size and SHA-256 are computed as the bytes go
 * to disk. A ready-made CSV is stored concurrently with the Parquet encoding.
 */
export async function writeSnapshotFiles(input: SnapshotInput): Promise<WrittenSnapshot> {
  const { columns, formats } = input;
  const groupRows = input.rowGroupRows ?? ROW_GROUP_ROWS;
  const opened: HashingFile[] = [];
  const open = async (format: SnapshotFormat) => {
    // The directory is a publication's temporary one; nothing here is a file the server bundle should trace.
    const file = await HashingFile.create(path.join(/* turbopackIgnore: true */ input.dir, `${input.baseName}.${format}`));
    opened.push(file);
    return file;
  };
  try {
    const parquetFile = formats.includes("parquet") ? await open("parquet") : undefined;
    const csvFile = formats.includes("csv") ? await open("csv") : undefined;
    const piped = csvFile && input.csvBytes ? pipeTo(csvFile, input.csvBytes()) : undefined;
    const csv = csvFile && !piped ? new LineWriter(csvFile) : undefined;
    const sink = parquetFile ? new ParquetFileWriter(parquetFile) : undefined;
    const parquet = sink ? new ParquetWriter({ writer: sink, schema: parquetSchema(columns), codec: "SNAPPY", createdBy: "legajo" }) : undefined;

    const encode = async (): Promise<Omit<WrittenSnapshot, "files">> => {
      await csv?.line(csvHeader(columns));
      const width = columns.length;
      const types = columns.map((c) => c.type);
      const samples: Record<string, unknown> = {};
      // One set of column arrays, sized once and refilled for every row group: the writer is done with them when
      // its write resolves, and reusing them spares the garbage collector a million short-lived arrays.
      const group = columns.map(() => new Array<unknown>(groupRows));
      let inGroup = 0;
      let rowCount = 0;
      const flushGroup = async () => {
        if (inGroup === 0 || !parquet) return;
        if (inGroup < groupRows) for (const values of group) values.length = inGroup;
        await parquet.write({ columnData: columns.map((c, i) => ({ name: c.name, data: group[i] })), rowGroupSize: inGroup });
        inGroup = 0;
      };
      for await (const batch of input.batches) {
        for (let r = 0; r < batch.length; r++) {
          let line = "";
          for (let i = 0; i < width; i++) {
            const value = batch.columns[i][r] ?? null;
            if (value !== null && !(columns[i].name in samples)) samples[columns[i].name] = value;
            if (parquet) group[i][inGroup] = parquetValue(types[i], value);
            if (csv) line += i === 0 ? csvField(types[i], value) : `,${csvField(types[i], value)}`;
          }
          const written = csv?.line(line);
          if (written) await written;
          inGroup++;
          rowCount++;
          if (inGroup >= groupRows) await flushGroup();
        }
        input.onRows?.(rowCount);
      }
      await flushGroup();
      await parquet?.finish();
      await sink?.flush();
      await csv?.drain();
      return { rowCount, samples };
    };

    // Both sides run to the end before an error is reported, so no stream is left half-read on its connection.
    const [encoded] = await allSettledInOrder([encode(), piped]);

    const files: Partial<Record<SnapshotFormat, WrittenFile>> = {};
    if (parquetFile) files.parquet = await parquetFile.close();
    if (csvFile) files.csv = await csvFile.close();
    return { ...encoded, files };
  } catch (e) {
    await Promise.all(opened.map((f) => f.abort()));
    throw e;
  }
}
