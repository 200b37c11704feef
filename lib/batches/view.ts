import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { batches, batchItems, type Batch } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import { isId } from "@/lib/id";
import type { BatchList, BatchView } from "@/lib/schemas/batches";

export const BATCH_NOT_FOUND = "No existe un lote con ese id en tu cuenta.";

/** Same answer whether the batch is missing, malformed or another account's. */
export const batchNotFound = () => new DomainError("not_found", { text: BATCH_NOT_FOUND });

/** The account's batch, or `404 not_found`. */
export async function findBatch(db: DbOrTx, accountId: string, id: string): Promise<Batch> {
  if (!isId("batch", id)) throw batchNotFound();
  const [row] = await db.select().from(batches).where(and(eq(batches.id, id), eq(batches.accountId, accountId)));
  if (!row) throw batchNotFound();
  return row;
}

const n = (status: string) => sql<number>`(count(*) filter (where ${batchItems.status} = ${status}))::int`;

const countColumns = {
  batchId: batchItems.batchId,
  resueltos: sql<number>`(count(*) filter (where ${batchItems.status} in ('ok', 'parcial')))::int`,
  no_resueltos: n("no_resuelto"),
  invalidos: n("invalido"),
  sin_saldo: n("sin_saldo"),
  cancelados: n("cancelado"),
  errores: n("error"),
  costo_unidades: sql<number>`coalesce(sum(${batchItems.costoUnidades}), 0)::int`,
};

type Counts = Omit<BatchView, "lote_id" | "estado" | "total" | "procesados" | "creado_en" | "terminado_en">;

function shape(b: Batch, c: Counts | undefined): BatchView {
  const counts = c ?? { resueltos: 0, no_resueltos: 0, invalidos: 0, sin_saldo: 0, cancelados: 0, errores: 0, costo_unidades: 0 };
  return {
    lote_id: b.id,
    estado: b.estado,
    total: b.total,
    procesados: counts.resueltos + counts.no_resueltos + counts.invalidos + counts.sin_saldo + counts.errores,
    resueltos: counts.resueltos,
    no_resueltos: counts.no_resueltos,
    invalidos: counts.invalidos,
    sin_saldo: counts.sin_saldo,
    cancelados: counts.cancelados,
    errores: counts.errores,
    costo_unidades: counts.costo_unidades,
    creado_en: b.createdAt.toISOString(),
    terminado_en: b.finishedAt?.toISOString() ?? null,
  };
}

async function countsOf(db: DbOrTx, ids: string[]): Promise<Map<string, Counts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(countColumns)
    .from(batchItems)
    .where(sql`${batchItems.batchId} in ${ids}`)
    .groupBy(batchItems.batchId);
  return new Map(rows.map(({ batchId, ...c }) => [batchId, c]));
}

/** GET /v1/batches/{id}: the batch and its progress, counted from its items. */
export async function getBatch(db: DbOrTx, accountId: string, id: string): Promise<BatchView> {
  const b = await findBatch(db, accountId, id);
  return shape(b, (await countsOf(db, [b.id])).get(b.id));
}

/** GET /v1/batches: the account's batches, most recent first. One row past the page tells whether more follow. */
export async function listBatches(db: DbOrTx, accountId: string, page: { limit: number; offset: number }): Promise<BatchList> {
  const rows = await db
    .select()
    .from(batches)
    .where(eq(batches.accountId, accountId))
    .orderBy(desc(batches.createdAt), desc(batches.seq))
    .limit(page.limit + 1)
    .offset(page.offset);
  const shown = rows.slice(0, page.limit);
  const counts = await countsOf(db, shown.map((b) => b.id));
  return { items: shown.map((b) => shape(b, counts.get(b.id))), has_more: rows.length > page.limit };
}
