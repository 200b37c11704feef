import { randomUUID } from "node:crypto";
import { Rotation } from "@/bench/lib/pool";
import type { ProvisionedAccount } from "@/bench/lib/accounts";
import type { PolicyName } from "@/lib/ratelimit/policies";
import type { Drill } from "./lib/context";
import { bearer, leaksInternals, send, sleep, type Received, type Sent } from "./lib/http";
import { checkLedger } from "./lib/invariants";
import { startDatabase, stopDatabase } from "./lib/postgres";

const WORKERS = 4;
const PAUSE_MS = 40;
const CLIENT_TIMEOUT_MS = 5_000;
const BEFORE_MS = 5_000;
const DOWN_MS = 10_000;
const AFTER_MS = 15_000;
const RECOVERY_LIMIT_MS = 10_000;
/** The only texts a 5xx may carry (lib/http/errors.ts). */
const GENERIC = ["Ocurrió un error interno.", "El informe no pudo guardarse. No se descontó saldo; podés reintentar."];

interface Sample extends Received {
  kind: string;
  at: number;
}

type Kind = { name: string; policy: PolicyName | null; request: (a: Required<ProvisionedAccount>) => Sent };

const KINDS: Kind[] = [
  { name: "GET /v1/balance", policy: "balance", request: () => ({ path: "/v1/balance" }) },
  { name: "GET /v1/reports/{id}", policy: "reportsGet", request: (a) => ({ path: `/v1/reports/${a.reportId}` }) },
  { name: "GET /v1/reports", policy: "reportsList", request: () => ({ path: "/v1/reports" }) },
  {
    name: "POST /v1/reports",
    policy: "reportsCreate",
    request: (a) => ({ method: "POST", path: "/v1/reports", body: { cuit: a.cuit }, headers: { "idempotency-key": randomUUID() } }),
  },
  { name: "GET /v1/datasets", policy: null, request: () => ({ path: "/v1/datasets" }) },
];

/**
 * Mixed load on the shared server while its Postgres is stopped (fast shutdown, every connection cut) for 10 s and
 * started again on the same port. Nothing may hang past the client timeout, every failure must be a 5xx with a
 * generic body, the server must stay up, and it must serve again on its own once the database is back.
 */
export const databaseLoss: Drill = {
  name: "database-loss",
  summary: "stop Postgres for 10 s under load: clean generic 5xx, no hang, recovery without a restart of the app",
  async run(ctx, report) {
    const cuits = [...ctx.cuits.ok, ...ctx.cuits.parcial];
    const accounts = (await ctx.accounts(100, { plan: "ultimate", reportCuits: cuits })) as Required<ProvisionedAccount>[];
    const rotation = new Rotation(accounts);
    const samples: Sample[] = [];
    const t0 = performance.now();
    const since = () => performance.now() - t0;
    let stop = false;
    let kindIndex = 0;
    const worker = async () => {
      while (!stop) {
        const kind = KINDS[kindIndex++ % KINDS.length];
        const account = kind.policy ? rotation.take(kind.policy) : accounts[0];
        const r = kind.request(account);
        const at = since();
        const headers = { ...(kind.policy ? bearer(account.key) : {}), "x-forwarded-for": ctx.ip(), ...r.headers };
        samples.push({ ...(await send(ctx.server.url, { ...r, headers, timeoutMs: CLIENT_TIMEOUT_MS })), kind: kind.name, at });
        await sleep(PAUSE_MS);
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, worker));

    await sleep(BEFORE_MS);
    const downAt = since();
    const port = await stopDatabase(ctx.dataDir);
    const stoppedAt = since();
    await sleep(DOWN_MS / 2);
    const readyDuring = await send(ctx.server.url, { path: "/readyz", timeoutMs: CLIENT_TIMEOUT_MS });
    await sleep(DOWN_MS - (since() - stoppedAt));
    await startDatabase(ctx.dataDir, port);
    const upAt = since();
    await sleep(AFTER_MS);
    stop = true;
    await load;
    const readyAfter = await send(ctx.server.url, { path: "/readyz" });
    report.note(`database stopped at ${(downAt / 1000).toFixed(1)} s (down in ${(stoppedAt - downAt).toFixed(0)} ms), back at ${(upAt / 1000).toFixed(1)} s; ${samples.length} requests`);

    // Before: answered before the stop began. During: sent before the database was back. After: sent once it was.
    const before = samples.filter((s) => s.at + s.ms < downAt);
    const during = samples.filter((s) => s.at + s.ms >= downAt && s.at < upAt);
    const after = samples.filter((s) => s.at >= upAt);
    const summary = (list: Sample[]) => {
      const counts = new Map<string, number>();
      for (const s of list) counts.set(`${s.status || s.error}`, (counts.get(`${s.status || s.error}`) ?? 0) + 1);
      return [...counts].map(([k, v]) => `${k}×${v}`).join(" ");
    };
    report.note(`before: ${summary(before)}; outage: ${summary(during)}; after: ${summary(after)}`);
    const slowest = [...samples].sort((x, y) => y.ms - x.ms).slice(0, 3);
    report.note(`slowest: ${slowest.map((s) => `${s.kind} sent at ${(s.at / 1000).toFixed(1)} s took ${s.ms.toFixed(0)} ms -> ${s.status || s.error}`).join("; ")}`);
    const early = before.filter((s) => s.status < 200 || s.status >= 300);
    if (early.length) report.note(`before the outage: ${early.map((s) => `${s.kind} at ${(s.at / 1000).toFixed(1)} s -> ${s.status} ${s.text.slice(0, 100)}`).join("; ")}`);
    report.check("before the outage every request succeeds", before.length > 0 && before.every((s) => s.status >= 200 && s.status < 300), summary(before));

    const unanswered = samples.filter((s) => s.status === 0);
    report.check(`no request goes unanswered or hangs past the client timeout (${CLIENT_TIMEOUT_MS / 1000} s)`, unanswered.length === 0,
      `slowest ${Math.max(...samples.map((s) => s.ms)).toFixed(0)} ms${unanswered.length ? `; ${summary(unanswered)}` : ""}`);
    const failures = samples.filter((s) => s.status >= 300);
    const clean = (s: Sample) =>
      s.status >= 500 && !leaksInternals(s.text) && (s.json?.error === "internal" || s.json?.error === "informe_no_persistido") &&
      GENERIC.includes(String(s.json?.message ?? s.json?.mensaje));
    report.check("every failure is a 5xx with a generic body", failures.length > 0 && failures.every(clean),
      `${failures.length} failures${failures.find((s) => !clean(s)) ? `, e.g. ${failures.find((s) => !clean(s))!.status} ${failures.find((s) => !clean(s))!.text.slice(0, 160)}` : ""}`);
    report.check("the outage was felt: requests failed while the database was down", during.some((s) => s.status >= 500), summary(during));
    report.check("/readyz reports the outage (503)", readyDuring.status === 503, `${readyDuring.status} ${readyDuring.text.slice(0, 160)}`);
    report.check("the app process stayed up", ctx.server.alive());

    const lastFailure = Math.max(upAt, ...after.filter((s) => s.status >= 300).map((s) => s.at));
    const recovered = after.filter((s) => s.at > lastFailure);
    const recoveryMs = lastFailure - upAt;
    report.check(`it serves again by itself within ${RECOVERY_LIMIT_MS / 1000} s of the database's return, and from then on every request succeeds`,
      recoveryMs <= RECOVERY_LIMIT_MS && KINDS.every((k) => recovered.some((s) => s.kind === k.name && s.status === 200)),
      `last failure ${recoveryMs.toFixed(0)} ms after the database came back; ${recovered.length} successes since`);
    report.check("/readyz is 200 again", readyAfter.status === 200);
    await checkLedger(ctx.db, report, accounts.map((a) => a.accountId));
  },
};
