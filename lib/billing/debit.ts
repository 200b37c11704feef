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

/**
 * $1 account, $2 cost, $3 current month, $4 time, $5 the report. The row is locked first (`locked`); the update
 * and the ledger lines are computed from the locked row, allotment first, then purchased units, and only when the
 * row is of the current month and can pay. Under a concurrent debit the lock waits and then returns the row that
 * debit left, and the update is rechecked against it, so concurrent debits of one account take turns. Returns the
 * locked row and, when it paid, the row after the debit (`paid`).
 */
const DEBIT = `
  with locked as (
    select * from balances where account_id = $1::text for update
  ), applied as (
    update balances b
       set cupo_available = l.cupo_available - least(l.cupo_available, $2::int),
           cupo_used = l.cupo_used + least(l.cupo_available, $2::int),
           comprado_available = l.comprado_available - ($2::int - least(l.cupo_available, $2::int)),
           updated_at = $4::timestamptz
      from locked l
     where b.account_id = l.account_id and l.cupo_period >= $3::text and l.cupo_available + l.comprado_available >= $2::int
    returning b.*, least(l.cupo_available, $2::int) as take
  ), ledger as (
    insert into ledger_entries (account_id, pocket, kind, delta, report_id, created_at)
    select $1::text, p.pocket::pocket, 'report_debit', p.delta, $5::text, $4::timestamptz
      from applied a
     cross join lateral (values ('cupo', -a.take), ('comprado', a.take - $2::int)) as p(pocket, delta)
     where p.delta <> 0
  )
  select false as paid, ${COLUMNS} from locked
  union all
  select true as paid, ${COLUMNS} from applied`;

/**
 * Debits `cost` units, allotment first, then purchased units, inside the generation's transaction so the charge and
 * the report commit together: one statement locks the balance row, writes the ledger lines and updates the row.
 * The CHECK constraints would refuse a negative pocket even if this code were wrong. The first debit of a new month
 * renews the allotment first (lockBalance).
 */
export async function debit(tx: Tx, accountId: string, monthly: number | null, cost: number, reportId: string, at: Date): Promise<Balance> {
  const run = async () => {
    const rows = await rawSql(tx).unsafe<(Row & { paid: boolean })[]>(DEBIT, [accountId, cost, localMonth(at), at.toISOString(), reportId], { prepare: true });
    const pick = (paid: boolean) => {
      const row = rows.find((r) => r.paid === paid);
      if (!row) return undefined;
      const { paid: _, ...balance } = row;
      return balanceOf(balance);
    };
    return { locked: pick(false), paid: pick(true) };
  };
  const { locked, paid } = await run();
  if (!locked) throw new Error(`balance row missing for account ${accountId}`);
  if (paid) return paid;
  if (locked.cupoPeriod >= localMonth(at)) throw new InsufficientBalance(locked);
  const renewed = await lockBalance(tx, accountId, monthly, at);
  const after = (await run()).paid;
  if (!after) throw new InsufficientBalance(renewed);
  return after;
}
