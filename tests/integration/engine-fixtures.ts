import { randomUUID } from "node:crypto";
import { TransactionRollbackError } from "drizzle-orm";
import postgres from "postgres";
import { getDb, migrateAndSeed, type Tx } from "@/db/client";
import { seedPlans } from "@/db/seed";
import {
  sourceSnapshots,
  type srcCheques,
  type srcComex,
  type srcConcursos,
  type srcCrediticio,
  type srcIdentidad,
  type srcMarcas,
  type srcRiesgoFiscal,
  type srcScreening,
  type SourceName,
} from "@/db/schema";
import { withCheckDigit } from "@/lib/cuit";
import { SOURCE_NAMES, SOURCES } from "@/lib/sources/registry";
import { createSourcePartition } from "@/lib/sources/load";

/**
 * Runs `fn` in a transaction that is always rolled back, so a test can load its own source snapshots (the newest
 * ones, which the engine reads) without any other test ever seeing them.
 */
export async function inRollback<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      result = await fn(tx);
      tx.rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof TransactionRollbackError)) throw e;
    });
  return result as T;
}

/** A valid CUIT from a range the demo generator never uses (persons' 48,xxx,xxx; companies' 7x,xxx,xxx). */
export function freshCuit(n: number, prefix: "20" | "27" | "30" = "30"): string {
  for (let i = n; ; i++) {
    const body = prefix === "30" ? 78_000_000 + (i % 1_000_000) : 48_000_000 + (i % 1_000_000);
    const cuit = withCheckDigit(prefix, String(body));
    if (cuit) return cuit;
  }
}

type Rows = {
  identidad: Omit<typeof srcIdentidad.$inferInsert, "snapshotId">[];
  crediticio: Omit<typeof srcCrediticio.$inferInsert, "snapshotId">[];
  cheques: Omit<typeof srcCheques.$inferInsert, "snapshotId">[];
  screening: Omit<typeof srcScreening.$inferInsert, "snapshotId">[];
  comex: Omit<typeof srcComex.$inferInsert, "snapshotId">[];
  riesgoFiscal: Omit<typeof srcRiesgoFiscal.$inferInsert, "snapshotId">[];
  marcas: Omit<typeof srcMarcas.$inferInsert, "snapshotId">[];
  concursos: Omit<typeof srcConcursos.$inferInsert, "snapshotId">[];
};

/**
 * Loads a new snapshot of every source (rows given, or none), dated `date`, newer than the demo: inside `tx`, the
 * engine sees exactly these rows and nothing else. With `only`, just those sources get a new snapshot.
 */
export async function loadWorld(
  tx: Tx,
  rows: Partial<Rows>,
  date = "2999-01-01",
  only: readonly SourceName[] = SOURCE_NAMES,
): Promise<Record<SourceName, number>> {
  const ids = {} as Record<SourceName, number>;
  for (const source of only) {
    const given = (rows[source] ?? []) as Record<string, unknown>[];
    const [snapshot] = await tx
      .insert(sourceSnapshots)
      .values({ source, snapshotDate: date, rowCount: given.length, fileName: "test" })
      .returning({ id: sourceSnapshots.id });
    ids[source] = snapshot.id;
    await createSourcePartition(tx, source, snapshot.id);
    if (given.length) await tx.insert(SOURCES[source].table).values(given.map((r) => ({ ...r, snapshotId: snapshot.id })));
  }
  return ids;
}

export const padronRow = (cuit: string, overrides: Partial<Rows["identidad"][number]> = {}): Rows["identidad"][number] => ({
  cuit,
  denominacion: "PAMPA LOGISTICA S.R.L.",
  tipoPersona: "JURIDICA",
  estadoClave: "ACTIVO",
  fechaInscripcion: "2010-05-04",
  fechaContratoSocial: "2010-03-01",
  formaJuridica: "SOCIEDAD DE RESPONSABILIDAD LIMITADA",
  actividadPrincipalCodigo: "494200",
  actividadPrincipalDescripcion: "Servicio de transporte automotor de cargas",
  impuestoGanancias: "ACTIVO",
  impuestoIva: "RESPONSABLE INSCRIPTO",
  empleador: true,
  domicilioCalle: "AV CORRIENTES 1234",
  domicilioLocalidad: "CIUDAD AUTONOMA BUENOS AIRES",
  domicilioProvincia: "CIUDAD AUTONOMA BUENOS AIRES",
  domicilioCodigoPostal: "C1043",
  ...overrides,
});

export const deudaRow = (cuit: string, overrides: Partial<Rows["crediticio"][number]> = {}): Rows["crediticio"][number] => ({
  cuit,
  denominacion: "PAMPA LOGISTICA S.R.L.",
  periodo: "202609",
  entidadCodigo: "00011",
  entidadNombre: "BANCO DE LA NACION ARGENTINA",
  situacion: 1,
  monto: 1500.5,
  ...overrides,
});

export const concursoRow = (cuit: string, denominacion: string): Rows["concursos"][number] => ({
  cuit,
  denominacion,
  tipoProceso: "CONCURSO PREVENTIVO",
  juzgado: "JUZGADO NACIONAL DE PRIMERA INSTANCIA EN LO COMERCIAL N° 12",
  expediente: "COM 001234/2025",
  fechaApertura: "2025-03-10",
});

export const marcaRow = (cuit: string, titular: string): Rows["marcas"][number] => ({
  cuit,
  acta: "3456789",
  denominacion: "ÑANDU",
  claseNiza: 30,
  titular,
  estado: "CONCEDIDA",
  fechaSolicitud: "2015-06-01",
});

/**
 * A database of its own on the test server, migrated and holding only the plans (so a CLI booting on it does not
 * load the demo): for tests that must commit source snapshots without changing what other test files read.
 */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.DATABASE_URL!);
  const name = `legajo_src_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = postgres(Object.assign(new URL(base), { pathname: "/postgres" }).toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
  await migrateAndSeed(url, seedPlans);
  return {
    url,
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
