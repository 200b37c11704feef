import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import iconv from "iconv-lite";
import { afterAll, describe, expect, it } from "vitest";
import { sourceSnapshots } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import { deudoresLine } from "@/lib/sources/formats/bcra-deudores";
import { currentSnapshot } from "@/lib/sources/snapshots";
import { CUITS, fixture, importInto } from "../helpers/formats";
import { inRollback } from "./engine-fixtures";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-import-errors-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const file = (name: string, content: string | Buffer) => {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, content);
  return p;
};

const line = (overrides: Partial<Parameters<typeof deudoresLine>[0]> = {}) =>
  deudoresLine({ entidad: "00011", periodo: "202607", cuit: CUITS.A, situacion: 1, montos: { prestamos: 10 }, ...overrides });

/** Runs an import that must fail, and returns its error and how many snapshots of that feed it left behind. */
async function failure(format: string, files: string[], maxBadLines?: number) {
  return inRollback(async (tx) => {
    const before = (await tx.select().from(sourceSnapshots)).length;
    const error = await importInto(tx, format, files, { maxBadLines }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    const after = (await tx.select().from(sourceSnapshots)).length;
    return { error: error as DomainError, left: after - before };
  });
}

describe("an import that cannot be read stops with a clear message and loads nothing", () => {
  it("refuses an empty file", async () => {
    const { error, left } = await failure("bcra-deudores", [file("deudores.txt", "")]);
    expect(error).toMatchObject({ code: "archivo_invalido", message: "deudores.txt está vacío." });
    expect(left).toBe(0);
  });

  it("refuses another format, naming the expected one", async () => {
    const { error, left } = await failure("bcra-deudores", [fixture("FacturasApocrifas.txt")]);
    expect(error.code).toBe("formato_invalido");
    expect(error.message).toMatch(/^FacturasApocrifas\.txt no tiene el formato bcra-deudores \(deudores\.txt del BCRA .*\): la línea 1 tiene \d+ caracteres y los registros de este formato tienen 171\.$/);
    expect(left).toBe(0);
    const json = await failure("bcra-deudas-api", [fixture("deudores.txt")]);
    expect(json.error.message).toMatch(/^deudores\.txt no tiene el formato bcra-deudas-api .*: la línea 1 no es JSON\.$/);
  });

  it("refuses a UTF-8 publication saved in latin-1, and a Windows-1252 one saved in UTF-8", async () => {
    const apoc = fs.readFileSync(fixture("FacturasApocrifas.txt"), "utf8");
    const latin = await failure("arca-apoc", [file("FacturasApocrifas.txt", iconv.encode(apoc, "latin1"))]);
    expect(latin.error).toMatchObject({ code: "archivo_invalido" });
    expect(latin.error.message).toBe("FacturasApocrifas.txt no está codificado en UTF-8: la línea 1 tiene bytes que no son UTF-8 (¿está en latin-1 o Windows-1252?).");
    const padron = iconv.decode(fs.readFileSync(fixture("Padron_ARCA.txt")), "win1252");
    const utf8 = await failure("bcra-padron", [file("Padron_ARCA.txt", Buffer.from(padron, "utf8"))]);
    expect(utf8.error.message).toBe(
      "Padron_ARCA.txt no está codificado en Windows-1252: la línea 1 tiene 223 bytes porque sus letras acentuadas están en UTF-8; el registro tiene 220.",
    );
    expect(latin.left + utf8.left).toBe(0);
  });

  it("reports a truncated fixed-width line with its line number", async () => {
    const { error, left } = await failure("bcra-deudores", [file("deudores.txt", `${line()}\r\n${line().slice(0, 150)}\r\n`)]);
    expect(error.message).toBe("línea 2: el registro tiene 150 caracteres y deben ser 171 (línea truncada).");
    expect(error.extra.bad_lines).toEqual([{ file: "deudores.txt", line: 2, reason: "el registro tiene 150 caracteres y deben ser 171 (línea truncada)" }]);
    expect(left).toBe(0);
  });

  it("reports an amount that is not a number, with its column", async () => {
    const bad = `${line().slice(0, 29)}${"12a,5".padStart(12)}${line().slice(41)}`;
    const { error } = await failure("bcra-deudores", [file("deudores.txt", `${bad}\r\n`)]);
    expect(error.message).toBe('línea 1: prestamos no es un importe (dígitos con coma decimal); vino "12a,5".');
    expect(error.extra.bad_lines).toEqual([expect.objectContaining({ line: 1, column: "prestamos" })]);
  });

  it("reports a situación outside 1-6; 9 (not applicable) is skipped, not an error", async () => {
    const { error } = await failure("bcra-deudores", [file("deudores.txt", `${line({ situacion: 9 })}\r\n${line({ situacion: 7 })}\r\n`)]);
    expect(error.message).toBe('línea 2, columna situacion: la situación debe ser de 1 a 6 (o 9, no aplicable); vino "7".');
    const api = path.join(tmp, "deudas.jsonl");
    fs.writeFileSync(api, `${fs.readFileSync(fixture("deudas.jsonl"), "utf8").replace('"situacion": 1', '"situacion": 8')}`);
    expect((await failure("bcra-deudas-api", [api])).error.message).toBe("línea 1: situacion debe estar entre 1 y 6; vino 8.");
  });

  it("refuses a ZIP without the expected member, listing what it holds", async () => {
    const zip = path.join(tmp, "otro.zip");
    fs.copyFileSync(fixture("apellidoNombreDenominacion.zip"), zip);
    const { error, left } = await failure("arca-apoc", [zip]);
    expect(error).toMatchObject({ code: "archivo_invalido", message: "otro.zip no contiene FacturasApocrifas.txt (contiene: apellidoNombreDenominacion.txt)." });
    expect(left).toBe(0);
  });

  it("refuses a missing file", async () => {
    const { error } = await failure("arca-apoc", [path.join(tmp, "no-existe.txt")]);
    expect(error).toMatchObject({ code: "archivo_no_encontrado", message: `No se puede leer el archivo ${path.join(tmp, "no-existe.txt")}.` });
  });
});

describe("bad lines", () => {
  const badCuit = `${CUITS.A.slice(0, 10)}${(Number(CUITS.A[10]) + 1) % 10}`;

  it("never loads a CUIT with a wrong check digit: it aborts, or with --max-bad-lines it is skipped and listed", async () => {
    const p = file("deudores.txt", `${line()}\r\n${line({ cuit: badCuit })}\r\n${line({ entidad: "00007" })}\r\n`);
    const { error, left } = await failure("bcra-deudores", [p]);
    expect(error.message).toBe(`línea 2: cuit "${badCuit}" no es válido (digito_verificador).`);
    expect(left).toBe(0);
    const result = await inRollback((tx) => importInto(tx, "bcra-deudores", [p], { maxBadLines: 1 }));
    expect(result.rows).toBe(2);
    expect(result.bad_lines).toEqual([{ file: "deudores.txt", line: 2, column: "cuit", reason: `cuit "${badCuit}" no es válido (digito_verificador)` }]);
  });

  it("aborts at the first bad line past --max-bad-lines, naming the allowance", async () => {
    const p = file("deudores.txt", `${line({ cuit: badCuit })}\r\n${line().slice(0, 100)}\r\n${line()}\r\n`);
    const { error } = await failure("bcra-deudores", [p], 1);
    expect(error.message).toBe("línea 2: el registro tiene 100 caracteres y deben ser 171 (línea truncada) (se admitían 1 líneas con errores).");
    expect(error.extra.bad_lines).toHaveLength(2);
  });

  it("names the file of a bad line when the import read several", async () => {
    const p = file("deudores.txt", `${line({ situacion: 0 })}\r\n`);
    const { error } = await failure("bcra-deudores", [p, fixture("Maeent.txt")]);
    expect(error.message).toMatch(/^deudores\.txt, línea 1, columna situacion: /);
  });
});

describe("a failed import leaves the previous snapshot current", () => {
  it("keeps the feed's current snapshot when the next import of it fails", async () => {
    await inRollback(async (tx) => {
      const good = await importInto(tx, "arca-apoc", [fixture("FacturasApocrifas.txt")], { date: "2999-07-01" });
      const broken = file("FacturasApocrifas.txt", `${fs.readFileSync(fixture("FacturasApocrifas.txt"), "utf8")}20-1234,01/01/2024\r\n`);
      await expect(importInto(tx, "arca-apoc", [broken], { date: "2999-07-02" })).rejects.toBeInstanceOf(DomainError);
      const current = await currentSnapshot(tx, "riesgoFiscal");
      expect(current?.ids).toContain(good.snapshot_id);
      expect(current?.snapshotDate).toBe("2999-07-01");
      expect(await tx.select().from(sourceSnapshots).where(eq(sourceSnapshots.snapshotDate, "2999-07-02"))).toEqual([]);
    });
  });
});
