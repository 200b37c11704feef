import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { srcConcursos, srcCrediticio, srcIdentidad } from "@/db/schema";
import { columnTypeOf, csvField, csvHeader, normalizeValue, parquetSchema, parquetValue, tableColumns, type PublishedColumn } from "@/lib/catalog/columns";
import { csvRecords, fileRows } from "@/lib/catalog/file-input";
import { describeColumns } from "@/lib/catalog/define";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-columns-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, content);
  return p;
}

async function records(content: string | Buffer) {
  const out: { line: number; cells: string[] }[] = [];
  for await (const batch of csvRecords(file(`r-${Math.random()}.csv`, content))) out.push(...batch);
  return out;
}

describe("published columns from the drizzle tables", () => {
  it("derives names, types and nullability, without the internal snapshot id", () => {
    const columns = tableColumns(srcCrediticio);
    expect(columns[0]).toEqual({ name: "cuit", type: "VARCHAR", nullable: false });
    expect(columns.find((c) => c.name === "situacion")).toEqual({ name: "situacion", type: "SMALLINT", nullable: false });
    expect(columns.find((c) => c.name === "monto")).toEqual({ name: "monto", type: "DOUBLE", nullable: false });
    expect(columns.find((c) => c.name === "dias_atraso")?.type).toBe("INTEGER");
    expect(columns.find((c) => c.name === "denominacion")?.nullable).toBe(true);
    expect(columns.map((c) => c.name)).not.toContain("snapshot_id");
    expect(tableColumns(srcConcursos).find((c) => c.name === "monto_pasivo")?.type).toBe("BIGINT");
    expect(tableColumns(srcIdentidad).find((c) => c.name === "fecha_inscripcion")?.type).toBe("DATE");
    expect(tableColumns(srcIdentidad).find((c) => c.name === "empleador")?.type).toBe("BOOLEAN");
  });

  it.each([
    ["text", "VARCHAR"],
    ["varchar(20)", "VARCHAR"],
    ["smallint", "SMALLINT"],
    ["integer", "INTEGER"],
    ["serial", "INTEGER"],
    ["bigint", "BIGINT"],
    ["numeric(12, 2)", "DOUBLE"],
    ["double precision", "DOUBLE"],
    ["boolean", "BOOLEAN"],
    ["date", "DATE"],
    ["timestamp with time zone", "TIMESTAMP"],
    ["jsonb", "JSON"],
    ["text[]", "JSON"],
    ["uuid", "VARCHAR"],
  ])("maps %s to %s", (sqlType, type) => expect(columnTypeOf(sqlType)).toBe(type));

  it("maps each type to a Parquet schema element", () => {
    const columns: PublishedColumn[] = [
      { name: "a", type: "VARCHAR", nullable: true },
      { name: "b", type: "SMALLINT", nullable: false },
      { name: "c", type: "BIGINT", nullable: false },
      { name: "d", type: "DATE", nullable: true },
      { name: "e", type: "TIMESTAMP", nullable: true },
    ];
    expect(parquetSchema(columns)).toEqual([
      { name: "root", num_children: 5 },
      { name: "a", type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" },
      { name: "b", type: "INT32", converted_type: "INT_16", repetition_type: "REQUIRED" },
      { name: "c", type: "INT64", repetition_type: "REQUIRED" },
      { name: "d", type: "INT32", converted_type: "DATE", repetition_type: "OPTIONAL" },
      { name: "e", type: "INT64", converted_type: "TIMESTAMP_MILLIS", repetition_type: "OPTIONAL" },
    ]);
  });

  it("documents published columns from the catalog, and samples the ones it does not know yet", () => {
    const described = describeColumns(
      [
        { name: "monto", type: "DOUBLE", nullable: false },
        { name: "nueva", type: "BIGINT", nullable: true },
      ],
      [{ name: "monto", description: "Deuda.", unit: "miles de pesos", sample_value: 10 }],
      { nueva: 12n },
    );
    expect(described).toEqual([
      { name: "monto", type: "DOUBLE", description: "Deuda.", unit: "miles de pesos", sample_value: 10, nullable: false },
      { name: "nueva", type: "BIGINT", description: expect.stringContaining("sin documentar"), unit: null, sample_value: 12, nullable: true },
    ]);
  });
});

describe("values", () => {
  const col = (type: PublishedColumn["type"], nullable = true): PublishedColumn => ({ name: "x", type, nullable });

  it("normalizes text from files and rows from Postgres alike", () => {
    expect(normalizeValue(col("SMALLINT"), "3")).toBe(3);
    expect(normalizeValue(col("INTEGER"), 7)).toBe(7);
    expect(normalizeValue(col("BIGINT"), "9007199254740993")).toBe(9007199254740993n);
    expect(normalizeValue(col("DOUBLE"), "1520.50")).toBe(1520.5);
    expect(normalizeValue(col("BOOLEAN"), "t")).toBe(true);
    expect(normalizeValue(col("DATE"), "2024-02-29")).toBe("2024-02-29");
    expect(normalizeValue(col("TIMESTAMP"), 0)).toEqual(new Date(0));
    expect(normalizeValue(col("JSON"), '{"a":1}')).toEqual({ a: 1 });
    expect(normalizeValue(col("INTEGER"), "")).toBeNull();
    expect(normalizeValue(col("VARCHAR"), "")).toBe("");
  });

  it.each([
    ["SMALLINT", "40000"],
    ["INTEGER", "1.5"],
    ["BIGINT", "12a"],
    ["DOUBLE", "1,5"],
    ["BOOLEAN", "maybe"],
    ["DATE", "2023-02-29"],
    ["DATE", "30/01/2024"],
    ["TIMESTAMP", "yesterday"],
  ] as const)("refuses %s %s", (type, value) => expect(() => normalizeValue(col(type), value)).toThrow());

  it("refuses an empty required value", () => expect(() => normalizeValue(col("INTEGER", false), null)).toThrow(/required/));

  it("writes dates as days since the epoch for Parquet", () => {
    expect(parquetValue("DATE", "1970-01-02")).toBe(1);
    expect(parquetValue("DATE", "1969-12-31")).toBe(-1);
    expect(parquetValue("VARCHAR", null)).toBeNull();
  });

  it("quotes CSV fields only when needed, as RFC 4180 says", () => {
    expect(csvField("VARCHAR", "plain")).toBe("plain");
    expect(csvField("VARCHAR", 'SA "LA", ROSA')).toBe('"SA ""LA"", ROSA"');
    expect(csvField("VARCHAR", "two\nlines")).toBe('"two\nlines"');
    expect(csvField("INTEGER", null)).toBe("");
    expect(csvField("BIGINT", 12n)).toBe("12");
    expect(csvField("BOOLEAN", false)).toBe("false");
    expect(csvField("TIMESTAMP", new Date(0))).toBe("1970-01-01T00:00:00.000Z");
    expect(csvField("JSON", ["a", "b"])).toBe('"[""a"",""b""]"');
    expect(csvHeader([col("VARCHAR")])).toBe("x");
  });
});

describe("CSV input", () => {
  it("reads quoted fields, doubled quotes, embedded newlines, CRLF, a BOM and skips blank lines", async () => {
    const text = '\uFEFFa,b,c\r\n1,"x, ""y""",\r\n\r\n2,"multi\nline",z\n3,,"" \n';
    await expect(records(text)).rejects.toThrow(/after a closing quote/);
    expect(await records(text.replace('"" \n', '""\n'))).toEqual([
      { line: 1, cells: ["a", "b", "c"] },
      { line: 2, cells: ["1", 'x, "y"', ""] },
      { line: 4, cells: ["2", "multi\nline", "z"] },
      { line: 6, cells: ["3", "", ""] },
    ]);
  });

  it("reads a last line without a newline and a file split across many chunks", async () => {
    const long = "x".repeat(3_000_000);
    const out = await records(`a,b\n"${long}",1\n2,"3"`);
    expect(out.map((r) => r.cells.map((c) => c.length))).toEqual([[1, 1], [3_000_000, 1], [1, 1]]);
  });

  it.each([
    ['a\n"open', /never closed/],
    ["a\nx\"y", /quote inside an unquoted field/],
  ])("refuses %j", async (text, message) => {
    await expect(records(text)).rejects.toThrow(message);
  });

  it("maps records to the dataset's columns by header name, in any order", async () => {
    const columns: PublishedColumn[] = [
      { name: "id", type: "INTEGER", nullable: false },
      { name: "name", type: "VARCHAR", nullable: true },
    ];
    const batches = [];
    for await (const batch of fileRows(file("ordered.csv", "name,id\nana,1\n,2\n"), columns)) batches.push(batch);
    expect(batches).toEqual([{ length: 2, columns: [[1, 2], ["ana", null]] }]);
    expect(() => fileRows(file("x.xlsx", ""), columns)).toThrow(/\.csv/);
  });
});
