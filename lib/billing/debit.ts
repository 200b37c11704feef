import type { Tx } from "@/db/client";
import type { Balance } from "@/db/schema";
import { localMonth } from "@/lib/clock";
import { rawSql } from "@/db/raw";
import { lockBalance } from "./allotment";

export class InsufficientBalance extends Error {
  override name = "InsufficientBalance";
  constructor(readonly balance: Balance) {
    super("insufficient balance");
  }
}

const COLUMNS = `account_id as "accountId", cupo_available as "cupoAvailable", cupo_used as "cupoUsed",
  cupo_period as "cupoPeriod", comprado_available as "compradoAvailable",
  (extract(epoch from updated_at) * 1000)::float8 as "updatedAtMs"`;

type Row = Omit<Balance, "updatedAt"> & { updatedAtMs: number };

const balanceOf = ({ updatedAtMs, ...row }: Row): Balance => ({ ...row, updatedAt: new Date(updatedAtMs) });

/** $1 account, $2 cost, $3 current month, $4 time (and $5 the report, for the ledger): allotment first, then purchased units. */
const PAYABLE = `account_id = $1::text and cupo_period >= $3::text and cupo_available + comprado_available >= $2::int`;

const LOCK_ROW = `select ${COLUMNS} from balances where account_id = $1 for update`;

const LEDGER = `
  insert into ledger_entries (account_id, pocket, kind, delta, report_id, created_at)
  select $1::text, p.pocket::pocket, 'report_debit', p.delta, $5::text, $4::timestamptz
    from balances
   cross join lateral (values ('cupo', -least(cupo_available, $2)),
                              ('comprado', least(cupo_available, $2) - $2)) as p(pocket, delta)
   where ${PAYABLE} and p.delta <> 0`;

const APPLY = `
  update balances
     set cupo_available = cupo_available - least(cupo_available, $2),
         cupo_used = cupo_used + least(cupo_available, $2),
         comprado_available = comprado_available - ($2 - least(cupo_available, $2)),
         updated_at = $4::timestamptz
   where ${PAYABLE}
  returning ${COLUMNS}`;

/**
 * Debits `cost` units, allotment first, then purchased units, inside the generation's transaction so the charge and
 * the report commit together. One round trip: the row lock, the ledger entries and the balance update are
 * pipelined, and the two writes read the row only once the lock is held (Postgres runs them in order, each with a
 * fresh snapshot), so concurrent debits of one account take turns. The CHECK constraints would refuse a negative
 * pocket even if this code were wrong. The first debit of a new month renews the allotment first (lockBalance).
 */
export async function debit(tx: Tx, accountId: string, monthly: number | null, cost: number, reportId: string, at: Date): Promise<Balance> {
  const sql = rawSql(tx);
  const params = [accountId, cost, localMonth(at), at.toISOString()];
  const run = () =>
    Promise.all([
      sql.unsafe<Row[]>(LOCK_ROW, [accountId], { prepare: true }),
      sql.unsafe(LEDGER, [...params, reportId], { prepare: true }),
      sql.unsafe<Row[]>(APPLY, params, { prepare: true }),
    ]);
  const [[locked], , [updated]] = await run();
  if (!locked) throw new Error(`balance row missing for account ${accountId}`);
  if (updated) return balanceOf(updated);
  if (locked.cupoPeriod >= localMonth(at)) throw new InsufficientBalance(balanceOf(locked));
  const renewed = await lockBalance(tx, accountId, monthly, at);
  const [, , [after]] = await run();
  if (!after) throw new InsufficientBalance(renewed);
  return balanceOf(after);
}
