import type { Tx } from "@/db/client";
import { localMonth } from "@/lib/clock";
import { pgCode, rawSql } from "@/db/raw";

/** The balance could not pay: the debit would have taken a pocket below zero, which its CHECK constraint refuses. */
export class InsufficientBalance extends Error {
  override name = "InsufficientBalance";
  constructor() {
    super("insufficient balance");
  }
}

/**
 * $1 account, $2 cost, $3 current month, $4 time, $5 the report. The row is locked first (`locked`); the update
 * and the ledger lines are computed from the locked row, allotment first, then purchased units. Under a concurrent
 * debit the lock waits and then returns the row that debit left, so concurrent debits of one account take turns.
 * The statement fails rather than debit nothing, so that a COMMIT sent behind it (commitNow) cannot commit an
 * unpaid report: a balance that cannot pay takes `comprado_available` below zero, which its CHECK constraint
 * refuses (23514); a missing row or an allotment of an earlier month leaves `applied` empty, and the division by
 * its count fails (22012).
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
     where b.account_id = l.account_id and l.cupo_period >= $3::text
    returning least(l.cupo_available, $2::int) as take
  ), ledger as (
    insert into ledger_entries (account_id, pocket, kind, delta, report_id, created_at)
    select $1::text, p.pocket::pocket, 'report_debit', p.delta, $5::text, $4::timestamptz
      from applied a
     cross join lateral (values ('cupo', -a.take), ('comprado', a.take - $2::int)) as p(pocket, delta)
     where p.delta <> 0
  )
  select 1 / count(*) as debited from applied`;

/**
 * Debits `cost` units in one statement, allotment first, then purchased units, inside the caller's transaction so
 * the charge and what it pays for commit together. The allotment must be of the current month: the caller renewed
 * it under this transaction (lockBalance) if a new month began. A balance that cannot pay throws
 * InsufficientBalance, and the transaction is then aborted.
 */
export async function debit(tx: Tx, accountId: string, cost: number, reportId: string, at: Date): Promise<void> {
  try {
    await rawSql(tx).unsafe(DEBIT, [accountId, cost, localMonth(at), at.toISOString(), reportId], { prepare: true }).execute();
  } catch (e) {
    if (pgCode(e) === "23514") throw new InsufficientBalance();
    throw e;
  }
}
