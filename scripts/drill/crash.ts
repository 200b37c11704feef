import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { sql } from "drizzle-orm";
import type { Drill } from "./lib/context";
import { bearer, pooled, send, sleep, type Received } from "./lib/http";
import { checkLedger } from "./lib/invariants";

const ACCOUNTS = 40;
/** POSTs per account: the per-account limit of spec 8.1, so that nothing is refused for the rate. */
const PER_ACCOUNT = 10;
const IN_FLIGHT = 16;
/** The kill comes once this many answers are back, with IN_FLIGHT more on the wire. */
const KILL_AFTER = 120;

/**
 * POST load with an Idempotency-Key on every request, and `kill -9` of the server in the middle of it: no graceful
 * anything, transactions cut wherever they were. A new server on the same DATA_DIR and database must find every
 * promise kept.
 */
export const crash: Drill = {
  name: "crash",
  summary: "kill -9 the server under POST load, restart it: every charge has its report and vice versa, every key replays",
  async run(ctx, report) {
    const accounts = await ctx.accounts(ACCOUNTS, { plan: "ultimate" });
    const cuits = [...ctx.cuits.ok, ...ctx.cuits.parcial];
    // Some CUITs repeat within an account, so updates are in the load too.
    const jobs = accounts.flatMap((a, i) =>
      Array.from({ length: PER_ACCOUNT }, (_, j) => ({ account: a, cuit: cuits[(i * 7 + (j % 7)) % cuits.length], key: randomUUID() })),
    );
    jobs.sort(() => Math.random() - 0.5);

    const server = await ctx.startServer("crash");
    const answers: (Received | undefined)[] = new Array<Received | undefined>(jobs.length);
    let answered = 0;
    let killed = false;
    const load = pooled(IN_FLIGHT, jobs.length, async (i) => {
      if (killed) return;
      const { account, cuit, key } = jobs[i];
      const r = await send(server.url, {
        method: "POST",
        path: "/v1/reports",
        body: { cuit },
        headers: { ...bearer(account.key), "idempotency-key": key, "x-forwarded-for": ctx.ip() },
      });
      answers[i] = r;
      if (r.status) answered += 1;
    });
    const deadline = Date.now() + 60_000;
    while (answered < KILL_AFTER && Date.now() < deadline) await sleep(5);
    server.child.kill("SIGKILL");
    killed = true;
    const code = await server.exited;
    await load;
    const sent = answers.filter(Boolean).length;
    const ok = answers.filter((a) => a?.status === 200).length;
    const cut = answers.filter((a) => a && a.status === 0).length;
    report.note(`killed (exit ${code}) with ${ok} POSTs answered 200 and ${cut} on the wire; ${jobs.length - sent} never sent`);
    report.check("the kill cut requests in flight", cut > 0 && code === 137, `${cut} cut`);
    // Two POSTs of one account and CUIT may meet: the second waits for the first, or gets 409 generacion_en_curso.
    const expected = (a: Received | undefined) => !a || a.status === 0 || a.status === 200 || (a.status === 409 && a.json?.error === "generacion_en_curso");
    report.check("everything answered before the kill was a 200 (or a 409 generacion_en_curso)", answers.every(expected),
      answers.filter((a) => !expected(a)).map((a) => `${a?.status} ${a?.text.slice(0, 100)}`).slice(0, 3).join("; "));

    const restarted = await ctx.startServer("crash-restarted");
    report.note(`restarted on the same DATA_DIR and database: ${restarted.url}`);
    const ids = accounts.map((a) => a.accountId);
    await checkLedger(ctx.db, report, ids);
    const [row] = await ctx.db.execute<{ reports: number; keys: number; unkeyed: number }>(sql`
      select (select count(*)::int from reports where account_id in ${ids}) as reports,
             (select count(*)::int from idempotency_keys where account_id in ${ids}) as keys,
             (select count(*)::int from reports r where r.account_id in ${ids}
                and not exists (select 1 from idempotency_keys k where k.report_id = r.id and k.account_id = r.account_id)) as unkeyed`);
    report.check("every persisted report has its stored key (they commit together)", row.unkeyed === 0 && row.reports === row.keys, JSON.stringify(row));
    report.check("every request answered 200 was persisted", row.keys >= ok, `${row.keys} keys stored, ${ok} answered`);

    const stored = await ctx.db.execute<{ account_id: string; key: string; cuit: string; report_id: string }>(sql`
      select account_id, key::text as key, cuit, report_id from idempotency_keys where account_id in ${ids}`);
    const keyOf = new Map(accounts.map((a) => [a.accountId, a.key]));
    const replays = await pooled(8, stored.length, (i) =>
      send(restarted.url, {
        method: "POST",
        path: "/v1/reports",
        body: { cuit: stored[i].cuit },
        headers: { ...bearer(keyOf.get(stored[i].account_id)!), "idempotency-key": stored[i].key, "x-forwarded-for": ctx.ip() },
      }),
    );
    const wrong = replays.filter((r, i) => {
      const body = r.json as { cuit?: string; informe_id?: string; cache_hit?: boolean } | undefined;
      return r.status !== 200 || r.headers.get("idempotent-replayed") !== "true" || body?.cache_hit !== true || body.informe_id !== stored[i].report_id || body.cuit !== stored[i].cuit;
    });
    report.check(`every completed key (${stored.length}) replays the response of its own report after the restart`, wrong.length === 0,
      wrong.slice(0, 2).map((r) => `${r.status} ${r.text.slice(0, 100)}`).join("; "));
    const byKey = new Map(stored.map((s, i) => [s.key, replays[i]]));
    const differs = jobs.filter((j, i) => answers[i]?.status === 200 && !isDeepStrictEqual(byKey.get(j.key)?.json, { ...answers[i]?.json, cache_hit: true }));
    report.check("every answer received before the crash is what its key replays now", differs.length === 0, `${differs.length} differ`);
  },
};
