import { createHash, randomUUID } from "node:crypto";
import { getDb } from "@/db/client";
import { sourceSnapshots, srcCrediticio, srcScreening } from "@/db/schema";
import { upsertDataset, type DatasetDefinition } from "@/lib/catalog/define";
import { centralDeudores } from "@/lib/catalog/demo/bcra";
import { DERIVED_VIEWS } from "@/lib/catalog/views";
import { createSourcePartition } from "@/lib/sources/load";
import { GET as files } from "@/app/files/[...key]/route";

/** A dataset id no other test uses. */
export const testId = (kind: string) => `t-${kind}-${randomUUID().slice(0, 8)}`;

/**
 * A source snapshot date no other test uses (one day among the ~650,000 between the years 100 and 1899), far in the
 * past so that it never becomes the newest snapshot the report engine reads. Tests publish it by naming the date.
 */
export function uniqueOldDay(): string {
  const d = new Date(0);
  d.setUTCFullYear(100, 0, 1);
  d.setUTCDate(1 + Math.floor(Math.random() * 650_000));
  return d.toISOString().slice(0, 10);
}

/** Defines a catalog dataset for one test, from a base definition (by default, the Central de Deudores). */
export async function defineDataset(overrides: Partial<DatasetDefinition> & { id: string }, base: DatasetDefinition = centralDeudores) {
  const definition = { ...base, ...overrides };
  await upsertDataset(await getDb(), definition);
  return definition;
}

/** Registers a test dataset as a derived view, computed like an existing one. */
export function registerView(datasetId: string, like: string): void {
  DERIVED_VIEWS[datasetId] = DERIVED_VIEWS[like];
}

/** A valid CUIT (check digit per the mod-11 rule) built from a number. */
export function cuitFrom(n: number, prefix = "30"): string {
  const body = `${prefix}${String(n % 100_000_000).padStart(8, "0")}`;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(body[i]), 0);
  const dv = 11 - (sum % 11);
  return dv === 10 ? cuitFrom(n + 1, prefix) : `${body}${dv === 11 ? 0 : dv}`;
}

/** Loads a Central de Deudores snapshot of `rows` debtors dated `day` and returns its id. */
export async function loadCrediticio(day: string, rows: number): Promise<number> {
  const db = await getDb();
  const [snap] = await db.insert(sourceSnapshots).values({ source: "crediticio", snapshotDate: day, rowCount: rows, fileName: "test" }).returning();
  await createSourcePartition(db, "crediticio", snap.id);
  const values = Array.from({ length: rows }, (_, i) => ({
    snapshotId: snap.id,
    cuit: cuitFrom(10_000 + i),
    denominacion: i % 7 === 0 ? null : `EMPRESA "${i}", S.A.`,
    periodo: "202609",
    entidadCodigo: String(i % 5).padStart(5, "0"),
    entidadNombre: `BANCO ${i % 5}`,
    situacion: (i % 6) + 1,
    monto: i * 10.5,
    diasAtraso: i % 90,
    refinanciaciones: i % 3 === 0,
    procesoJudicial: i % 11 === 0,
  }));
  for (let i = 0; i < values.length; i += 1000) await db.insert(srcCrediticio).values(values.slice(i, i + 1000));
  return snap.id;
}

/** Loads a screening snapshot dated `day` with `entries` list entries, every other one with a CUIL document. */
export async function loadScreening(day: string, entries: number): Promise<number> {
  const db = await getDb();
  const [snap] = await db.insert(sourceSnapshots).values({ source: "screening", snapshotDate: day, rowCount: entries, fileName: "test" }).returning();
  await createSourcePartition(db, "screening", snap.id);
  await db.insert(srcScreening).values(
    Array.from({ length: entries }, (_, i) => {
      const cuit = i % 2 ? null : cuitFrom(50_000 + i, "20");
      return {
        snapshotId: snap.id,
        cuit,
        lista: i % 2 ? "ONU" : "OFAC SDN",
        entryUid: `${i}`,
        nombre: `PERSONA ${i}`,
        tipoEntrada: "persona",
        clavesDocumento: cuit && `CUIT:${cuit}`,
      };
    }),
  );
  return snap.id;
}

/** Downloads a signed URL: the app's own file route for local links, the network otherwise. */
export async function download(url: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const parsed = new URL(url);
  if (parsed.pathname.startsWith("/files/")) {
    const key = parsed.pathname.slice("/files/".length).split("/").map(decodeURIComponent);
    const res = await files(new Request(url, { method: init.method ?? "GET", headers: init.headers }), { params: Promise.resolve({ key }) });
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  }
  const res = await fetch(url, { method: init.method ?? "GET", headers: init.headers });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
