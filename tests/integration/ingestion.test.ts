import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, getDb } from "@/db/client";
import { sourceSnapshots, srcCrediticio, srcIdentidad } from "@/db/schema";
import { runEngine } from "@/lib/engine";
import { DomainError } from "@/lib/errors";
import { fileColumns } from "@/lib/sources/columns";
import { csvLine } from "@/lib/sources/csv";
import { loadSourceFile } from "@/lib/sources/load";
import { SOURCES } from "@/lib/sources/registry";
import { runCli } from "../helpers/cli";
import { deudaRow, freshCuit, freshDatabase, inRollback, padronRow } from "./engine-fixtures";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-ingest-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

let counter = 0;
/** Writes a file and returns its path; every file name is unique, so its snapshot row can be looked up by it. */
function file(lines: string[] | string, ext = "csv"): string {
  const p = path.join(tmp, `f-${process.pid}-${++counter}.${ext}`);
  fs.writeFileSync(p, Array.isArray(lines) ? lines.join("\n") + "\n" : lines);
  return p;
}

const header = (source: keyof typeof SOURCES) => fileColumns(SOURCES[source].table).map((c) => c.name);

/** Central de Deudores rows for `n` fresh CUITs, in the file's column order. */
function deudoresFile(n: number, from: number, mutate?: (i: number, row: Record<string, unknown>) => void): { path: string; cuits: string[] } {
  const cols = header("crediticio");
  const cuits: string[] = [];
  const lines = [cols.join(",")];
  for (let i = 0; i < n; i++) {
    const cuit = freshCuit(from + i);
    cuits.push(cuit);
    const row: Record<string, unknown> = { ...deudaRow(cuit), dias_atraso: 0, refinanciaciones: "false" };
    const byName: Record<string, unknown> = {
      cuit,
      denominacion: row.denominacion,
      periodo: row.periodo,
      entidad_codigo: row.entidadCodigo,
      entidad_nombre: row.entidadNombre,
      situacion: row.situacion,
      monto: row.monto,
      dias_atraso: 0,
      refinanciaciones: "false",
      recategorizacion_obligatoria: "false",
      situacion_juridica: "false",
      irrecuperable_disposicion_tecnica: "false",
      proceso_judicial: "false",
    };
    mutate?.(i, byName);
    lines.push(csvLine(cols.map((c) => byName[c] as string)).trimEnd());
  }
  return { path: file(lines), cuits };
}

async function leftovers(fileName: string, cuits: string[]) {
  const db = await getDb();
  const snapshots = await db.select().from(sourceSnapshots).where(eq(sourceSnapshots.fileName, path.basename(fileName)));
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(srcCrediticio).where(inArray(srcCrediticio.cuit, cuits));
  // A snapshot's table that never became its partition.
  const [{ tables }] = await db.execute<{ tables: number }>(
    sql`select count(*)::int as tables from pg_class where relkind = 'r' and not relispartition and relname ~ '^src_[a-z_]+_[0-9]+$'`,
  );
  expect(tables).toBe(0);
  return { snapshots: snapshots.length, rows: rows[0].n };
}

async function loadError(p: string, source: keyof typeof SOURCES = "crediticio"): Promise<DomainError> {
  const db = await getDb();
  const error = await loadSourceFile(db, { source, file: p, snapshotDate: "1900-01-01" }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("a malformed file leaves nothing behind", () => {
  it("aborts at the first bad row with its line number and loads none of the good rows before it", async () => {
    const { path: p, cuits } = deudoresFile(20, 100, (i, row) => {
      if (i === 12) row.situacion = 9;
    });
    const error = await loadError(p);
    expect(error.code).toBe("archivo_invalido");
    // Line 1 is the header, so the 13th row is line 14.
    expect(error.message).toBe("línea 14: situacion debe estar entre 1 y 6; vino 9.");
    expect(await leftovers(p, cuits)).toEqual({ snapshots: 0, rows: 0 });
  });

  it("rolls back a COPY that had already streamed many batches when the bad row came", async () => {
    const { path: p, cuits } = deudoresFile(30_000, 200_000, (i, row) => {
      if (i === 29_000) row.cuit = "30500010913";
    });
    const error = await loadError(p);
    expect(error.message).toBe('línea 29002: cuit "30500010913" no es válido (digito_verificador).');
    expect(await leftovers(p, cuits)).toEqual({ snapshots: 0, rows: 0 });
  });

  it.each([
    ["an unknown column", ["cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto,color"], /^línea 1: la columna "color" no existe en crediticio/],
    ["a missing required column", ["cuit,periodo,entidad_codigo,entidad_nombre,situacion"], /^línea 1: faltan columnas obligatorias de crediticio: monto\.$/],
    ["a repeated column", ["cuit,cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto"], /^línea 1: la columna "cuit" está repetida\.$/],
    ["a short row", ["cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto", "30500010912,202609,00011,BANCO,1"], /^línea 2: tiene 5 campos y el encabezado 6\.$/],
    ["an empty required value", ["cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto", "30500010912,202609,00011,,1,5"], /^línea 2: entidad_nombre es obligatorio y vino vacío\.$/],
    ["a bad number", ["cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto", "30500010912,202609,00011,BANCO,1,1.234,5"], /^línea 2: tiene 7 campos/],
    ["a decimal comma", ["cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto", '30500010912,202609,00011,BANCO,1,"1234,5"'], /^línea 2: monto debe ser un número con punto decimal; vino "1234,5"\.$/],
    ["a bad period", ["cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto", "30500010912,202613,00011,BANCO,1,5"], /^línea 2: periodo debe ser AAAAMM; vino "202613"\.$/],
    ["a CUIT of the wrong shape", ["cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto", "3050001091,202609,00011,BANCO,1,5"], /^línea 2: cuit "3050001091" no es válido \(formato\)\.$/],
    ["an unterminated quote", ["cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto", '30500010912,202609,00011,"BANCO,1,5'], /^línea 2: hay comillas sin cerrar\.$/],
    ["a stray quote", ["cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto", '30500010912,202609,00011,BAN"CO,1,5'], /^línea 2: hay comillas dentro de un campo sin comillas\.$/],
    ["a header and no rows", ["cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto"], /^El archivo no tiene filas/],
    ["an empty file", [], /^El archivo está vacío/],
  ])("refuses %s with a clear message", async (_name, lines, message) => {
    const p = file(lines.length ? lines : "");
    const error = await loadError(p);
    expect(error.message).toMatch(message);
    expect((await leftovers(p, ["30500010912"])).snapshots).toBe(0);
  });

  it("counts lines across quoted fields that span lines", async () => {
    const cols = "cuit,periodo,entidad_codigo,entidad_nombre,situacion,monto";
    const p = file([cols, '30500010912,202609,00011,"BANCO\nDE VARIAS\nLINEAS",1,5', "30500010912,202609,00011,BANCO,1,x"]);
    expect((await loadError(p)).message).toMatch(/^línea 5: monto debe ser un número/);
  });

  it("refuses a date that does not exist, a missing file and an unknown snapshot date", async () => {
    const cols = header("cheques");
    const row = Object.fromEntries(cols.map((c) => [c, ""]));
    Object.assign(row, { cuit: "30500010912", numero_cheque: "1", fecha_rechazo: "2026-02-30", monto: "10", causal: "SIN FONDOS" });
    const p = file([cols.join(","), csvLine(cols.map((c) => row[c])).trimEnd()]);
    expect((await loadError(p, "cheques")).message).toBe('línea 2: fecha_rechazo debe ser una fecha AAAA-MM-DD; vino "2026-02-30".');
    const db = await getDb();
    await expect(loadSourceFile(db, { source: "cheques", file: path.join(tmp, "nope.csv"), snapshotDate: "2026-01-01" })).rejects.toMatchObject({ code: "archivo_no_encontrado" });
    await expect(loadSourceFile(db, { source: "cheques", file: p, snapshotDate: "2026-13-01" })).rejects.toMatchObject({ code: "archivo_invalido" });
  });
});

describe("loading", () => {
  it("creates a new snapshot on every load, and the engine reads the newest", async () => {
    const cuit = freshCuit(500);
    const cols = header("identidad");
    const padron = (denominacion: string) => {
      const r = padronRow(cuit, { denominacion }) as Record<string, unknown>;
      const byName = Object.fromEntries(fileColumns(SOURCES.identidad.table).map((c) => [c.name, r[c.key]]));
      return file([cols.join(","), csvLine(cols.map((c) => byName[c] as string)).trimEnd()]);
    };
    const result = await inRollback(async (tx) => {
      const first = await loadSourceFile(tx, { source: "identidad", file: padron("PRIMERA CARGA S.A."), snapshotDate: "2999-05-01" });
      const a = await runEngine(tx, cuit);
      const second = await loadSourceFile(tx, { source: "identidad", file: padron("SEGUNDA CARGA S.A."), snapshotDate: "2999-05-01" });
      const b = await runEngine(tx, cuit);
      // A failed load inside the caller's transaction rolls back to its savepoint and leaves the caller usable.
      await expect(loadSourceFile(tx, { source: "identidad", file: file([cols.join(","), "x"]), snapshotDate: "2999-06-01" })).rejects.toBeInstanceOf(DomainError);
      const c = await runEngine(tx, cuit);
      const rows = await tx.select().from(srcIdentidad).where(eq(srcIdentidad.cuit, cuit));
      return { first, second, names: [a.denominacion, b.denominacion, c.denominacion], rows: rows.length };
    });
    expect(result.first.rows).toBe(1);
    expect(result.second.snapshot_id).toBeGreaterThan(result.first.snapshot_id);
    expect(result.names).toEqual(["PRIMERA CARGA S.A.", "SEGUNDA CARGA S.A.", "SEGUNDA CARGA S.A."]);
    // Both snapshots keep their rows: history is kept, the engine picks one.
    expect(result.rows).toBe(2);
  });

  it("accepts a real-world file: BOM, CRLF, quoted commas and quotes, columns in any order, optional columns left out", async () => {
    const cuit = freshCuit(600);
    const p = file(
      "\uFEFFmonto,cuit,situacion,periodo,entidad_nombre,entidad_codigo,denominacion\r\n" +
        `12.5,${cuit},2,202609,"BANCO ""EL CEIBO"", S.A.",00099,"PAMPA, S.A."\r\n` +
        `3,${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)},1,202609,BANCO DOS,00100,\r\n`,
    );
    const rows = await inRollback(async (tx) => {
      const r = await loadSourceFile(tx, { source: "crediticio", file: p, snapshotDate: "2999-07-01" });
      return tx.select().from(srcCrediticio).where(eq(srcCrediticio.snapshotId, r.snapshot_id)).orderBy(srcCrediticio.entidadCodigo);
    });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ cuit, monto: 12.5, situacion: 2, entidadNombre: 'BANCO "EL CEIBO", S.A.', denominacion: "PAMPA, S.A.", diasAtraso: 0, refinanciaciones: false });
    expect(rows[1]).toMatchObject({ cuit, denominacion: null, entidadCodigo: "00100" });
  });
});

describe("source:load from the command line (a database of its own, so the loads can commit)", () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => {
    await fresh.drop();
  });

  it("loads, reloads as a new snapshot that reports then use, and refuses a malformed file with exit code 1", async () => {
    const env = { DATABASE_URL: fresh.url };
    const a = deudoresFile(3, 700);
    const b = deudoresFile(3, 700, (_i, row) => {
      row.denominacion = "RENOMBRADA S.A.";
    });
    const first = await runCli(["source:load", "--source", "crediticio", "--file", a.path, "--snapshot-date", "2026-10-01"], env);
    expect(first.code).toBe(0);
    expect(Object.keys(first.json).sort()).toEqual(["file", "ms", "rows", "snapshot_date", "snapshot_id", "source"]);
    expect(first.json).toMatchObject({ source: "crediticio", snapshot_date: "2026-10-01", rows: 3 });

    const second = await runCli(["source:load", "--source", "crediticio", "--file", b.path, "--snapshot-date", "2026-10-01"], env);
    expect(second.code).toBe(0);
    expect(second.json.snapshot_id).toBeGreaterThan(first.json.snapshot_id);

    const bad = deudoresFile(3, 700, (i, row) => {
      if (i === 2) row.monto = "mucho";
    });
    const failed = await runCli(["source:load", "--source", "crediticio", "--file", bad.path, "--snapshot-date", "2026-11-01"], env);
    expect(failed.code).toBe(1);
    expect(failed.json).toEqual({
      error: "archivo_invalido",
      message: 'línea 4: monto debe ser un número con punto decimal; vino "mucho".',
      bad_lines: [{ file: path.basename(bad.path), line: 4, column: "monto", reason: 'monto debe ser un número con punto decimal; vino "mucho"' }],
    });

    const unknown = await runCli(["source:load", "--source", "clima", "--file", a.path, "--snapshot-date", "2026-11-01"], env);
    expect(unknown.code).toBe(1);
    expect(unknown.json.error).toBe("argumento_invalido");

    const list = await runCli(["source:list", "--source", "crediticio"], env);
    expect(list.json.snapshots.map((s: { id: number }) => s.id)).toEqual([second.json.snapshot_id, first.json.snapshot_id]);

    const sqlClient = postgres(fresh.url, { max: 1, onnotice: () => {} });
    try {
      const report = await runEngine(createDb(sqlClient), a.cuits[0]);
      expect([report.denominacion, report.denominacion_origen]).toEqual(["RENOMBRADA S.A.", "cendeu"]);
      expect(report.sections.crediticio!.snapshot_date).toBe("2026-10-01");
      // The snapshot's rows are COPYed frozen into its own partition: their pages are all-visible without a VACUUM.
      const partition = `src_crediticio_${second.json.snapshot_id}`;
      const [{ allVisible }] = await sqlClient<{ allVisible: number }[]>`select relallvisible as "allVisible" from pg_class where relname = ${partition}`;
      expect(allVisible).toBeGreaterThan(0);
    } finally {
      await sqlClient.end();
    }
  });

  it("loads side by side: imports of one source and of another, each into its own partition, none waiting on a lock the others hold", async () => {
    const sqlClient = postgres(fresh.url, { max: 4, onnotice: () => {} });
    try {
      const db = createDb(sqlClient);
      const files = [deudoresFile(200, 900), deudoresFile(200, 1_100), deudoresFile(200, 1_300)];
      const cols = header("identidad");
      const padron = [cols.join(","), ...[0, 1, 2].map((i) => {
        const r = padronRow(freshCuit(1_500 + i)) as Record<string, unknown>;
        const byName = Object.fromEntries(fileColumns(SOURCES.identidad.table).map((c) => [c.name, r[c.key]]));
        return csvLine(cols.map((c) => byName[c] as string)).trimEnd();
      })];
      const loads = await Promise.all([
        ...files.map((f) => loadSourceFile(db, { source: "crediticio", file: f.path, snapshotDate: "2026-09-01" })),
        loadSourceFile(db, { source: "identidad", file: file(padron), snapshotDate: "2026-09-01" }),
      ]);
      expect(loads.map((l) => l.rows)).toEqual([200, 200, 200, 3]);
      const partitions = await sqlClient<{ relname: string; rows: number }[]>`
        select c.relname, (select count(*)::int from src_crediticio where snapshot_id = s.id) + (select count(*)::int from src_identidad where snapshot_id = s.id) as rows
          from source_snapshots s join pg_class c on c.relname in ('src_crediticio_' || s.id, 'src_identidad_' || s.id) and c.relispartition
         where s.id = any(${loads.map((l) => l.snapshot_id)})`;
      expect(partitions.map((p) => p.rows).sort((a, b) => a - b)).toEqual([3, 200, 200, 200]);
    } finally {
      await sqlClient.end();
    }
  });
});
