import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { sql } from "drizzle-orm";
import { callerOfKey } from "@/bench/lib/accounts";
import type { Drill } from "./lib/context";
import { bearer, send, sleep } from "./lib/http";
import { checkLedger } from "./lib/invariants";
import { generateInProcess, type Outcome } from "./lib/service";

const KEYS = 50;
const PER_KEY = 20;
/** What spec 8.1 lets one account POST in a minute; the other half of each key's requests go through the service. */
const HTTP_PER_KEY = 10;
const MAX_RETRIES = 30;

/**
 * 1,000 POSTs reusing 50 Idempotency-Keys (one account each, 20 requests per key), all in flight at once: half over
 * HTTP to next start, half through the same service in this process. A request that finds its twin still running
 * past the wait gets 409 generacion_en_curso and is retried after Retry-After, as a client would.
 */
export const duplicateStorm: Drill = {
  name: "duplicate-storm",
  summary: "1,000 concurrent POSTs on 50 Idempotency-Keys: exactly 50 charges, every replay identical to its original",
  async run(ctx, report) {
    const accounts = await ctx.accounts(KEYS, { plan: "ultimate" });
    const callers = await Promise.all(accounts.map((a) => callerOfKey(ctx.db, a.key)));
    const cuits = [...ctx.cuits.ok, ...ctx.cuits.parcial].slice(0, KEYS);
    const keys = accounts.map(() => randomUUID());
    const ips = accounts.map(() => ctx.ip());

    const one = async (k: number, via: Outcome["via"]): Promise<Outcome> => {
      const started = performance.now();
      for (let retries = 0; ; retries++) {
        let status: number, body, replayed: boolean, retryAfter = 1;
        if (via === "http") {
          const r = await send(ctx.server.url, {
            method: "POST",
            path: "/v1/reports",
            body: { cuit: cuits[k] },
            headers: { ...bearer(accounts[k].key), "idempotency-key": keys[k], "x-forwarded-for": ips[k] },
          });
          ({ status, json: body } = r);
          replayed = r.headers.get("idempotent-replayed") === "true";
          retryAfter = Number(r.headers.get("retry-after") ?? 1);
        } else {
          ({ status, body, replayed } = await generateInProcess(ctx.db, callers[k], cuits[k], keys[k]));
        }
        if (status === 409 && body?.error === "generacion_en_curso" && retries < MAX_RETRIES) {
          await sleep(1000 * retryAfter);
          continue;
        }
        return { via, status, body, replayed, retries, ms: performance.now() - started };
      }
    };

    const jobs: [number, Outcome["via"]][] = [];
    for (let k = 0; k < KEYS; k++) for (let j = 0; j < PER_KEY; j++) jobs.push([k, j < HTTP_PER_KEY ? "http" : "service"]);
    for (let i = jobs.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [jobs[i], jobs[j]] = [jobs[j], jobs[i]];
    }
    const t = performance.now();
    const outcomes = await Promise.all(jobs.map(async ([k, via]) => ({ k, ...(await one(k, via)) })));
    const seconds = (performance.now() - t) / 1000;
    const retried = outcomes.filter((o) => o.retries > 0).length;
    report.note(`${outcomes.length} requests (${outcomes.filter((o) => o.via === "http").length} over HTTP) answered in ${seconds.toFixed(1)} s; ` +
      `${retried} retried after 409 generacion_en_curso; slowest ${Math.max(...outcomes.map((o) => o.ms)).toFixed(0)} ms`);

    const failed = outcomes.filter((o) => o.status !== 200);
    report.check("every request ends in 200", failed.length === 0,
      failed.length ? `${failed.length} did not, e.g. ${failed[0].status} ${JSON.stringify(failed[0].body)}` : undefined);

    let originals = 0;
    const broken: string[] = [];
    for (let k = 0; k < KEYS; k++) {
      const mine = outcomes.filter((o) => o.k === k && o.status === 200);
      const first = mine.filter((o) => o.body?.cache_hit === false);
      originals += first.length;
      if (first.length !== 1) {
        broken.push(`key ${k}: ${first.length} originals`);
        continue;
      }
      const expected = { ...first[0].body, cache_hit: true };
      for (const o of mine.filter((x) => x !== first[0])) {
        if (!isDeepStrictEqual(o.body, expected)) broken.push(`key ${k}: a ${o.via} replay differs from the original`);
        else if (!o.replayed) broken.push(`key ${k}: a ${o.via} replay is not marked as replayed`);
      }
    }
    report.check(`each key has exactly one original (${KEYS} in all)`, originals === KEYS && !broken.some((b) => b.includes("originals")), `${originals} originals`);
    report.check("every replay is identical to its original (cache_hit true) and marked Idempotent-Replayed", broken.length === 0, broken.slice(0, 3).join("; "));

    const ids = accounts.map((a) => a.accountId);
    const [row] = await ctx.db.execute<{ reports: number; keys: number; debited: number; charged_reports: number }>(sql`
      select (select count(*)::int from reports where account_id in ${ids}) as reports,
             (select count(*)::int from idempotency_keys where account_id in ${ids}) as keys,
             (select coalesce(-sum(delta), 0)::int from ledger_entries where account_id in ${ids} and kind = 'report_debit') as debited,
             (select count(distinct report_id)::int from ledger_entries where account_id in ${ids} and kind = 'report_debit') as charged_reports`);
    report.check(`exactly ${KEYS} charges: ${KEYS} reports, ${KEYS} stored keys, ${KEYS * 200} units debited`,
      row.reports === KEYS && row.keys === KEYS && row.charged_reports === KEYS && row.debited === KEYS * 200, JSON.stringify(row));
    await checkLedger(ctx.db, report, ids);
  },
};
