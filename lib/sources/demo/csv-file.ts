import fs from "node:fs";
import type { PgTable } from "drizzle-orm/pg-core";
import { fileColumns } from "../columns";
import { csvLine } from "../csv";

type Value = string | number | boolean | null | undefined;

/** A file written in chunks of about 1 MB, in the publication's encoding (`latin1` or `utf8`) or as raw bytes. */
export class OutFile {
  private readonly fd: number;
  private parts: (string | Buffer)[] = [];
  private size = 0;
  /** Records written (lines, documents or rows: what the caller counts). */
  records = 0;

  constructor(
    readonly path: string,
    private readonly encoding: "latin1" | "utf8" = "utf8",
  ) {
    this.fd = fs.openSync(path, "w");
  }

  write(chunk: string | Buffer): void {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size > 1 << 20) this.flush();
  }

  private flush(): void {
    if (this.parts.length === 0) return;
    const buffers = this.parts.map((p) => (typeof p === "string" ? Buffer.from(p, this.encoding) : p));
    fs.writeSync(this.fd, Buffer.concat(buffers));
    this.parts = [];
    this.size = 0;
  }

  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }
}

/**
 * A source file in our own CSV layout (`legajo-csv`): a header of the table's columns (all of them, or the ones
 * named), then rows keyed like drizzle rows.
 */
export class CsvFileWriter<Row extends object> {
  private readonly out: OutFile;
  private readonly keys: string[];

  constructor(
    readonly path: string,
    table: PgTable,
    only?: readonly (keyof Row & string)[],
  ) {
    const columns = fileColumns(table).filter((c) => !only || (only as readonly string[]).includes(c.key));
    this.keys = columns.map((c) => c.key);
    this.out = new OutFile(path);
    this.out.write(csvLine(columns.map((c) => c.name)));
  }

  get rows(): number {
    return this.out.records;
  }

  write(row: Row): void {
    const values = row as Record<string, Value>;
    this.out.write(csvLine(this.keys.map((k) => values[k])));
    this.out.records++;
  }

  close(): void {
    this.out.close();
  }
}
