import { sql } from "drizzle-orm";
import { callerOfKey, type ProvisionedAccount } from "@/bench/lib/accounts";
import type { Drill, DrillContext, Report } from "./lib/context";
import { bearer, send, type Body } from "./lib/http";
import { accountStates, checkLedger } from "./lib/invariants";
import { generateInProcess } from "./lib/service";
import { sleep } from "@/scripts/lib/next-process";

const CONCURRENT = 100;
/** A balance worth exactly two new reports (team plans have no monthly allotment). */
const UNITS = 400;

interface Answer {
  status: number;
  body: Body | undefined;
}

/** Reads the account's pockets in a tight loop until `done`, keeping the lowest values seen. */
function sampleBalance(ctx: DrillContext, accountId: string) {
  let stop = false;
  let samples = 0;
  let lowest = Number.POSITIVE_INFINITY;
  const running = (async () => {
    while (!stop) {
      const [row] = await ctx.db.execute<{ cupo: number; comprado: number }>(
        sql`select cupo_available as cupo, comprado_available as comprado from balances where account_id = ${accountId}`,
      );
      lowest = Math.min(lowest, row.cupo, row.comprado, row.cupo + row.comprado);
      samples += 1;
    }
  })();
  return async () => {
    stop = true;
    await running;
    return { samples, lowest };
  };
}

async function race(ctx: DrillContext, report: Report, label: string, account: ProvisionedAccount, send100: (i: number, cuit: string) => Promise<Answer>) {
  const cuits = [...ctx.cuits.ok, ...ctx.cuits.parcial].slice(0, CONCURRENT);
  const sampling = sampleBalance(ctx, account.accountId);
  const answers = await Promise.all(cuits.map((cuit, i) => send100(i, cuit)));
  const { samples, lowest } = await sampling();
  const count = (status: number, error?: string) => answers.filter((a) => a.status === status && (!error || a.body?.error === error)).length;
  const won = answers.filter((a) => a.status === 200);
  report.note(`${label}: ${won.length} × 200, ${count(402, "saldo_insuficiente")} × 402, ${count(429, "rate_limited")} × 429, ` +
    `others ${answers.length - won.length - count(402) - count(429)}; ${samples} balance samples`);
  report.check(`${label}: exactly 2 succeed, both new reports charged 200`,
    won.length === 2 && won.every((a) => a.body?.tipo_accion === "nuevo" && a.body?.costo_unidades === 200));
  const refused = answers.filter((a) => a.status !== 200);
  report.check(`${label}: every other request is refused with 402 saldo_insuficiente or 429 rate_limited`,
    refused.every((a) => (a.status === 402 && a.body?.error === "saldo_insuficiente") || (a.status === 429 && a.body?.error === "rate_limited")));
  const [state] = await accountStates(ctx.db, [account.accountId]);
  report.check(`${label}: the balance ends at 0`, state.balance === 0, JSON.stringify(state));
  report.check(`${label}: the balance was never negative while the race ran`, lowest >= 0, `lowest pocket seen ${lowest} in ${samples} samples`);
  await checkLedger(ctx.db, report, [account.accountId], `${label}: `);
  return answers;
}

/**
 * 100 concurrent new reports on a balance worth 2. Spec 8.1 lets one account POST 10 times a minute, so in the
 * first race 10 go over HTTP to next start and 90 through the same service in this process (a second instance on
 * the same database): all 100 reach the balance check at once. The second race sends all 100 over HTTP: the
 * limiter turns 90 away before they reach it, and the other 10 race.
 */
export const balanceRace: Drill = {
  name: "balance-race",
  summary: "100 concurrent POSTs on a balance worth 2 new reports: exactly 2 succeed, the balance ends at 0, never negative",
  async run(ctx, report) {
    const [first, second] = await ctx.accounts(2, { plan: "team", units: UNITS });
    const caller = await callerOfKey(ctx.db, first.key);
    const overHttp = (account: ProvisionedAccount) => async (_: number, cuit: string): Promise<Answer> => {
      const headers = { ...bearer(account.key), "x-forwarded-for": ctx.ip() };
      const r = await send(ctx.server.url, { method: "POST", path: "/v1/reports", body: { cuit }, headers });
      return { status: r.status, body: r.json };
    };
    const http = overHttp(first);
    await race(ctx, report, "100 across two processes", first, (i, cuit) => (i % 10 === 0 ? http(i, cuit) : generateInProcess(ctx.db, caller, cuit, null)));

    // The account's limiter is a sliding window: a burst that straddles a minute boundary meets the previous minute's
    // count weighted down (floor(10 × 0.99) = 9) and is admitted one more. The burst starts clear of a boundary, so
    // that exactly 10 in a minute is what it measures.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await sleep(60_000 - intoMinute + 100);
    const answers = await race(ctx, report, "100 over HTTP", second, overHttp(second));
    const limited = answers.filter((a) => a.status === 429);
    report.check("100 over HTTP: the limiter admits 10 a minute (spec 8.1) and the 90 others get 429 with nothing charged", limited.length === 90, `${limited.length} × 429`);
  },
};
