import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { rawSql } from "@/db/raw";
import { STATE } from "@/lib/reports/generation-sql";
import { newAccount } from "../helpers/accounts";

type Plan = { "Shared Hit Blocks": number; "Shared Read Blocks": number };
const ROLLBACK = new Error("rollback");

describe("a generation's cost and the account's history", () => {
  it("tells nuevo from actualizacion by the account's reports of that CUIT alone, however many reports it holds", async () => {
    const a = await newAccount();
    const sql = rawSql(await getDb());
    const probe = async (mode: "force_custom_plan" | "force_generic_plan", cuit: string) => {
      const out: { plan: Plan; earlier: boolean }[] = [];
      await sql
        .begin(async (tx) => {
          // reports_account_recent_idx the newest index: where the planner costs two indexes alike, their order
          // decides, and it must not.
          await tx`drop index reports_account_recent_idx`;
          await tx`create index reports_account_recent_idx on reports (account_id, created_at desc, seq desc)`;
          await tx`
            insert into reports (id, account_id, cuit, status, tipo_accion, costo_unidades, sections, generated_at, created_at)
            select 'rep_history' || i, ${a.accountId}, (20000000000 + i)::text, 'ok', 'nuevo', 200, '{}', now(), now() - i * interval '1 minute'
              from generate_series(1, 5000) as i`;
          // Statistics that take each account for one report, as an analyze leaves them while most accounts hold one:
          // the planner may then find a report of the CUIT by reading every report of the account.
          await tx`alter table reports alter column account_id set (n_distinct = -1)`;
          await tx`analyze reports`;
          await tx.unsafe(`prepare state_probe(text, uuid, text) as ${STATE}`);
          await tx.unsafe(`set local plan_cache_mode = ${mode}`);
          const execute = `execute state_probe('${a.accountId}', null, '${cuit}')`;
          const [{ earlier }] = await tx.unsafe<{ earlier: boolean }[]>(execute);
          const [row] = await tx.unsafe<{ "QUERY PLAN": { Plan: Plan }[] }[]>(`explain (analyze, buffers, format json) ${execute}`);
          out.push({ plan: row["QUERY PLAN"][0].Plan, earlier });
          await tx.unsafe("deallocate state_probe"); // a prepared statement outlives the transaction
          throw ROLLBACK;
        })
        .catch((e: unknown) => {
          if (e !== ROLLBACK) throw e;
        });
      return out[0];
    };
    for (const mode of ["force_custom_plan", "force_generic_plan"] as const) {
      const unseen = await probe(mode, "30999999990");
      expect(unseen.earlier).toBe(false);
      // An index descent or two, not a read of the account's 5,000 reports.
      expect(unseen.plan["Shared Hit Blocks"] + unseen.plan["Shared Read Blocks"]).toBeLessThan(20);
      const seen = await probe(mode, "20000004500");
      expect(seen.earlier).toBe(true);
      expect(seen.plan["Shared Hit Blocks"] + seen.plan["Shared Read Blocks"]).toBeLessThan(20);
    }
  });
});
