import fs from "node:fs";
import type { PgTable } from "drizzle-orm/pg-core";
import { fileColumns } from "../columns";
import { csvLine } from "../csv";

type Value = string | number | boolean | null | undefined;

/** Writes a source file with the table's columns as header, from rows keyed like drizzle rows. */
export class CsvFileWriter<Row extends object> {
  private readonly fd: number;
  private readonly keys: string[];
  private buffer = "";
  rows = 0;

  constructor(
    readonly path: string,
    table: PgTable,
  ) {
    const columns = fileColumns(table);
    this.keys = columns.map((c) => c.key);
    this.fd = fs.openSync(path, "w");
    this.buffer = csvLine(columns.map((c) => c.name));
  }

  write(row: Row): void {
    const values = row as Record<string, Value>;
    this.buffer += csvLine(this.keys.map((k) => values[k]));
    this.rows++;
    if (this.buffer.length > 1 << 20) this.flush();
  }

  private flush(): void {
    fs.writeSync(this.fd, this.buffer);
    this.buffer = "";
  }

  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }
}
