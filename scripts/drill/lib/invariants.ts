import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { Report } from "./context";

interface AccountState {
  account_id: string;
  ledger: number;
  balance: number;
  cupo: number;
  comprado: number;
}

/** Each account's ledger sum and pockets. */
export async function accountStates(db: Db, accountIds: string[]): Promise<AccountState[]> {
  return db.execute<AccountState & Record<string, unknown>>(sql`
    select b.account_id,
           (select coalesce(sum(delta), 0)::int from ledger_entries l where l.account_id = b.account_id) as ledger,
           (b.cupo_available + b.comprado_available)::int as balance, b.cupo_available as cupo, b.comprado_available as comprado
      from balances b where b.account_id in ${accountIds.length ? accountIds : [""]}`);
}

/**
 * DESIGN.md 5 on the given accounts, as checks: the ledger sums to the balance, no pocket is negative, every
 * charge belongs to a persisted report of the same account and amounts to its cost, and every report of a charged
 * kind was charged its cost.
 */
export async function checkLedger(db: Db, report: Report, accountIds: string[], label = ""): Promise<void> {
  const ids = accountIds.length ? accountIds : [""];
  const states = await accountStates(db, accountIds);
  const drift = states.filter((s) => s.ledger !== s.balance);
  report.check(`${label}the ledger sums to the balance on every account`, drift.length === 0 && states.length === accountIds.length,
    drift.length ? `${drift.length} differ, e.g. ${JSON.stringify(drift[0])}` : `${states.length} accounts`);
  const negative = states.filter((s) => s.cupo < 0 || s.comprado < 0);
  report.check(`${label}no pocket is negative`, negative.length === 0, negative.length ? JSON.stringify(negative[0]) : undefined);

  const orphans = await db.execute<{ report_id: string | null; n: number }>(sql`
    select l.report_id, count(*)::int as n from ledger_entries l
      left join reports r on r.id = l.report_id and r.account_id = l.account_id
     where l.account_id in ${ids} and l.kind = 'report_debit' and r.id is null
     group by l.report_id`);
  report.check(`${label}every charge has its persisted report`, orphans.length === 0, orphans.length ? `${orphans.length} charges without a report` : undefined);

  const mismatched = await db.execute<{ id: string; costo: number; debited: number }>(sql`
    select r.id, r.costo_unidades as costo, coalesce(-sum(l.delta), 0)::int as debited
      from reports r left join ledger_entries l on l.report_id = r.id and l.kind = 'report_debit'
     where r.account_id in ${ids}
     group by r.id, r.costo_unidades
    having coalesce(-sum(l.delta), 0) <> r.costo_unidades`);
  report.check(`${label}every report was charged exactly its cost`, mismatched.length === 0,
    mismatched.length ? `${mismatched.length} differ, e.g. ${JSON.stringify(mismatched[0])}` : undefined);

  const [{ uncharged }] = await db.execute<{ uncharged: number }>(sql`
    select count(*)::int as uncharged from reports r join accounts a on a.id = r.account_id
     where r.account_id in ${ids} and r.status <> 'no_resuelto' and a.billing_model = 'balance'
       and (r.tipo_accion is null or r.costo_unidades <> case r.tipo_accion when 'nuevo' then 200 else 50 end)`);
  report.check(`${label}every report of a charged kind has its charge`, uncharged === 0, uncharged ? `${uncharged} without` : undefined);
}
