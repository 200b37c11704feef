import type { DbOrTx, Tx } from "@/db/client";
import { ISO, rawSql } from "@/db/raw";
import { ACCOUNT_CUIT_SQL, type Balance, type reports } from "@/db/schema";

/**
 * Every statement the report module sends in a generation, as fixed SQL texts sent as named prepared statements on
 * the transaction's connection (the debit's own are in lib/billing/debit.ts). A POST runs about twenty statements;
 * built by drizzle each one cost ~0.25 ms of CPU to write its SQL and as much again for Postgres to parse and plan
 * it, more than the work itself. Columns are aliased to the drizzle names, so rows have the shapes of the schema
 * types.
 */
const LOCK = `select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as locked`;

/**
 * The response a key's operation gave, rebuilt from its report: a report never changes once written, and it holds
 * every field of the response (only `cache_hit` differs on a replay). `json`, not `jsonb`, keeps the fields in the
 * response's own order.
 */
const STORED_RESPONSE = (r: string) => `json_build_object('cuit', ${r}.cuit, 'sections', ${r}.sections, 'status', ${r}.status,
  'generated_at', ${ISO(`${r}.generated_at`)}, 'informe_id', ${r}.id, 'cache_hit', false, 'tipo_accion', ${r}.tipo_accion,
  'costo_unidades', ${r}.costo_unidades)`;

/**
 * Read under the lock, in one round trip: the key's stored outcome, whether the key names a batch of the account
 * instead (one key, one operation), whether the CUIT was reported, the balance. Exported for its plan's test.
 */
export const STATE = `
  select k.cuit as "storedCuit", ${STORED_RESPONSE("kr")} as "storedResponse",
         exists(select 1 from batches t where t.account_id = $1 and t.idempotency_key = $2::uuid) as "namesBatch",
         exists(select 1 from reports r where ${ACCOUNT_CUIT_SQL("r")} = $1 || ' ' || $3 and r.status <> 'no_resuelto') as "earlier",
         b.account_id as "accountId", b.cupo_available as "cupoAvailable", b.cupo_used as "cupoUsed",
         b.cupo_period as "cupoPeriod", b.comprado_available as "compradoAvailable",
         (extract(epoch from b.updated_at) * 1000)::float8 as "updatedAtMs"
    from (select 1) as one
    left join idempotency_keys k on k.account_id = $1 and k.key = $2::uuid
    left join reports kr on kr.id = k.report_id
    left join balances b on b.account_id = $1`;

/** The key's stored outcome, once its operation committed. */
const FIND_KEY = `select k.cuit, ${STORED_RESPONSE("r")} as response
  from idempotency_keys k join reports r on r.id = k.report_id where k.account_id = $1 and k.key = $2::uuid`;

const INSERT_REPORT = `
  insert into reports (id, account_id, cuit, status, tipo_accion, costo_unidades, denominacion, denominacion_origen,
                       sections, generated_at, created_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`;

const INSERT_KEY = `
  insert into idempotency_keys (account_id, key, cuit, report_id, created_at)
  values ($1, $2, $3, $4, $5)`;

/** Reports of a charged kind (anything but `no_resuelto`) the account generated since $2. */
const CHARGED_SINCE = `
  select count(*)::int as n from reports where account_id = $1 and status <> 'no_resuelto' and created_at >= $2::timestamptz`;

const LOCK_ACCOUNT = `select id from accounts where id = $1 for update`;

export interface StoredKey {
  cuit: string;
  response: Record<string, unknown>;
}

/** Takes the (account, CUIT) generation lock for the rest of the transaction, or says it is held elsewhere. */
export async function tryGenerationLock(tx: Tx, accountId: string, cuit: string): Promise<boolean> {
  const [row] = await rawSql(tx).unsafe<{ locked: boolean }[]>(LOCK, [`${accountId}:${cuit}`], { prepare: true });
  return row.locked;
}

export interface GenerationState {
  stored: StoredKey | undefined;
  namesBatch: boolean;
  earlier: boolean;
  balance: Balance | undefined;
}

export async function generationState(tx: Tx, accountId: string, key: string | null, cuit: string): Promise<GenerationState> {
  type Row = Omit<Balance, "accountId" | "updatedAt"> & {
    accountId: string | null;
    updatedAtMs: number;
    storedCuit: string | null;
    storedResponse: Record<string, unknown> | null;
    namesBatch: boolean;
    earlier: boolean;
  };
  const [row] = await rawSql(tx).unsafe<Row[]>(STATE, [accountId, key, cuit], { prepare: true });
  const { storedCuit, storedResponse, namesBatch, earlier, updatedAtMs, accountId: balanceOf, ...pockets } = row;
  return {
    stored: storedCuit !== null && storedResponse !== null ? { cuit: storedCuit, response: storedResponse } : undefined,
    namesBatch,
    earlier,
    balance: balanceOf ? { ...pockets, accountId: balanceOf, updatedAt: new Date(updatedAtMs) } : undefined,
  };
}

/** The stored outcome of a key, if its operation committed. */
export async function findKey(db: DbOrTx, accountId: string, key: string): Promise<StoredKey | undefined> {
  const [row] = await rawSql(db).unsafe<StoredKey[]>(FIND_KEY, [accountId, key], { prepare: true });
  return row;
}

/** A report row as the generation writes it: the schema's insert type, every column given, the sections as JSON text. */
export type ReportInsert = Required<Omit<typeof reports.$inferInsert, "seq" | "sections">> & { sectionsJson: string };

export async function insertReport(tx: Tx, r: ReportInsert): Promise<void> {
  await rawSql(tx).unsafe(
    INSERT_REPORT,
    [
      r.id,
      r.accountId,
      r.cuit,
      r.status,
      r.tipoAccion,
      r.costoUnidades,
      r.denominacion,
      r.denominacionOrigen,
      r.sectionsJson,
      r.generatedAt,
      r.createdAt,
    ],
    { prepare: true },
  ).execute();
}

export async function insertKey(tx: Tx, k: { accountId: string; key: string; cuit: string; reportId: string; createdAt: Date }): Promise<void> {
  await rawSql(tx).unsafe(INSERT_KEY, [k.accountId, k.key, k.cuit, k.reportId, k.createdAt.toISOString()], { prepare: true }).execute();
}

export async function chargedSince(db: DbOrTx, accountId: string, since: Date): Promise<number> {
  const [row] = await rawSql(db).unsafe<{ n: number }[]>(CHARGED_SINCE, [accountId, since.toISOString()], { prepare: true });
  return row.n;
}

/** Holds the account row until the transaction ends: daily-cap generations of one account take turns. */
export async function lockAccountRow(tx: Tx, accountId: string): Promise<void> {
  await rawSql(tx).unsafe(LOCK_ACCOUNT, [accountId], { prepare: true });
}
