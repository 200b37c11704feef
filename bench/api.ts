import { randomUUID } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { DEMO_KINDS } from "@/lib/catalog/demo";
import type { PolicyName } from "@/lib/ratelimit/policies";
import { cpuMeter, loopMeter, type CpuSplit, type LoopShare } from "./lib/cpu";
import { closeDatabase, openDatabase, postmasterOf, reportsHeld, warmPageCache } from "./lib/database";
import { newestProfile, summariseProfile } from "./lib/profile";
import { runPhase, type PhaseResult, type RequestSpec } from "./lib/load";
import { addresses, benchPool, Rotation } from "./lib/pool";
import { buildNext, startNext, waitFor, type NextServer } from "@/scripts/lib/next-process";
import { DEFAULT_DIST } from "./lib/server";
import { fmtInt, fmtMs, fmtPct, loadAverage, median, table } from "./lib/stats";
import { option } from "@/scripts/lib/args";

export interface ApiOptions {
  dataDir: string;
  distDir: string;
  /** CUITs per source in the DATA_DIR (loaded once by the first boot of an empty one). */
  cuits: number;
  accounts: number;
  /** Accounts calling at a time (bench/lib/pool.ts's Rotation). */
  clients: number;
  seconds: number;
  /** Rounds of every endpoint at each connection count; each figure is the median over the rounds. */
  repeat: number;
  connections: number[];
  /** Only these endpoints (and the bare route); all when empty. */
  only: string[];
  serverEnv: Record<string, string>;
  /** Options for the server's `node` that NODE_OPTIONS refuses, such as `--trace-gc` (the output goes to its log). */
  nodeArgs: string[];
  rebuild: boolean;
  /** Runs the server under `node --cpu-prof` and prints where its time went. */
  profile: boolean;
}

export interface EndpointRow extends PhaseResult {
  endpoint: string;
  /** The lowest and highest ratio over the rounds. */
  spread: [number, number];
  /** CPU ms per response: the app server, Postgres, and the load generator. */
  cpu: CpuSplit;
  /** The server's event loop: running and waiting for a CPU, and the machine's idle share (bench/lib/cpu.ts). */
  loop: LoopShare;
  /** req/s as a share of the bare route's at the same connection count in the same run. */
  ratio: number;
}

export interface ApiResults {
  rows: EndpointRow[];
  /** The bare route's req/s at each connection count, between the rounds, to show the drift. */
  bare: Record<number, number[]>;
  exhausted: string[];
  load: string[];
}

interface Endpoint {
  name: string;
  policy: PolicyName | null;
  next: () => RequestSpec;
  tag?: (status: number, body: string) => string | null;
}

export function apiOptions(args: string[]): ApiOptions {
  const env: Record<string, string> = {};
  for (const [i, a] of args.entries()) if (a === "--server-env") {
    const [k, ...v] = args[i + 1].split("=");
    env[k] = v.join("=");
  }
  return {
    dataDir: path.resolve(option(args, "data-dir") ?? ".data-bench"),
    distDir: option(args, "dist") ?? DEFAULT_DIST,
    cuits: Number(option(args, "cuits") ?? 1_000_000),
    accounts: Number(option(args, "accounts") ?? 6000),
    clients: Number(option(args, "clients") ?? 100),
    seconds: Number(option(args, "seconds") ?? 5),
    repeat: Number(option(args, "repeat") ?? 2),
    connections: (option(args, "connections") ?? "1,16,64").split(",").map(Number),
    only: (option(args, "only") ?? "").split(",").filter(Boolean),
    serverEnv: env,
    nodeArgs: args.flatMap((a, i) => (a === "--node-arg" ? [args[i + 1]] : [])),
    rebuild: args.includes("--rebuild"),
    profile: args.includes("--profile"),
  };
}

const tipo = (status: number, body: string) => (status === 200 ? (/"tipo_accion":"(\w+)"/.exec(body)?.[1] ?? "null") : `http_${status}`);

function endpoints(pool: Awaited<ReturnType<typeof benchPool>>, rotation: Rotation, ip: ReturnType<typeof addresses>): Endpoint[] {
  const cuit = () => pool.cuits[Math.floor(Math.random() * pool.cuits.length)];
  const keyed = (policy: PolicyName, extra: Record<string, string> = {}) => {
    const account = rotation.take(policy);
    return { account, headers: { authorization: `Bearer ${account.key}`, "x-forwarded-for": ip.of(account.accountId), ...extra } };
  };
  const post = (body: (a: { cuit: string }) => string): RequestSpec => {
    const { account, headers } = keyed("reportsCreate", { "content-type": "application/json", "idempotency-key": randomUUID() });
    return { method: "POST", path: "/v1/reports", headers, body: body(account) };
  };
  return [
    { name: "POST /v1/reports (nuevo)", policy: "reportsCreate", next: () => post(() => JSON.stringify({ cuit: cuit() })), tag: tipo },
    { name: "POST /v1/reports (actualizacion)", policy: "reportsCreate", next: () => post((a) => JSON.stringify({ cuit: a.cuit })), tag: tipo },
    {
      name: "GET /v1/reports/{id}",
      policy: "reportsGet",
      next: () => {
        const { account, headers } = keyed("reportsGet");
        return { method: "GET", path: `/v1/reports/${account.reportId}`, headers };
      },
    },
    { name: "GET /v1/reports", policy: "reportsList", next: () => ({ method: "GET", path: "/v1/reports", headers: keyed("reportsList").headers }) },
    { name: "GET /v1/balance", policy: "balance", next: () => ({ method: "GET", path: "/v1/balance", headers: keyed("balance").headers }) },
    {
      name: "GET /v1/reports/quote",
      policy: "reportsQuote",
      next: () => ({ method: "GET", path: `/v1/reports/quote?cuit=${cuit()}`, headers: keyed("reportsQuote").headers }),
    },
    { name: "GET /v1/datasets", policy: null, next: () => ({ method: "GET", path: "/v1/datasets", headers: { "x-forwarded-for": ip.next() } }) },
    {
      name: "GET /v1/datasets/{id}/snapshot",
      policy: "snapshot",
      next: () => ({ method: "GET", path: `/v1/datasets/${DEMO_KINDS.published}/snapshot`, headers: keyed("snapshot").headers }),
    },
  ];
}

/**
 * One row per endpoint from several rounds: the median req/s, p50, p99 and ratio, the ratio's spread, errors and
 * statuses summed, CPU per response averaged. `ratio` overrides the ratio (the bare route is its own baseline).
 */
function combine(rounds: EndpointRow[][], ratio?: number): EndpointRow[] {
  const perEndpoint = rounds[0].map((_, i) => rounds.map((r) => r[i]));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return perEndpoint.map((runs) => {
    const statuses: Record<string, number> = {};
    const tags: Record<string, number> = {};
    for (const r of runs) {
      for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
      for (const [k, v] of Object.entries(r.tags)) tags[k] = (tags[k] ?? 0) + v;
    }
    const ratios = runs.map((r) => r.ratio);
    const mean = (pick: (r: EndpointRow) => number) => sum(runs.map(pick)) / runs.length;
    return {
      ...runs[0],
      seconds: sum(runs.map((r) => r.seconds)),
      responses: sum(runs.map((r) => r.responses)),
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      errors: sum(runs.map((r) => r.errors)),
      statuses,
      tags,
      ratio: ratio ?? median(ratios),
      spread: ratio ? [ratio, ratio] : [Math.min(...ratios), Math.max(...ratios)],
      cpu: { server: mean((r) => r.cpu.server), postgres: mean((r) => r.cpu.postgres), client: mean((r) => r.cpu.client) },
      loop: { running: mean((r) => r.loop.running), waiting: mean((r) => r.loop.waiting), idle: mean((r) => r.loop.idle) },
    };
  });
}

async function measureEndpoints(o: ApiOptions, server: NextServer, pool: Awaited<ReturnType<typeof benchPool>>, results: ApiResults) {
  const rotation = new Rotation(pool.accounts, o.clients);
  const ip = addresses();
  const bare: Endpoint = { name: "GET /bench/bare", policy: null, next: () => ({ method: "GET", path: "/bench/bare", headers: { "x-forwarded-for": ip.next() } }) };
  const all = endpoints(pool, rotation, ip).filter((e) => o.only.length === 0 || o.only.some((x) => e.name.includes(x)));
  const postmaster = postmasterOf(o.dataDir)?.pid ?? null;
  const phase = async (e: Endpoint, connections: number, seconds: number) => {
    const meter = cpuMeter(server.pid, postmaster);
    const loop = loopMeter(server.pid);
    const r = await runPhase({ url: server.url, connections, seconds, next: e.next, tag: e.tag });
    const used = meter();
    const per = (ms: number) => ms / Math.max(1, r.responses);
    const cpu = { server: per(used.server), postgres: per(used.postgres), client: per(used.client) };
    return { ...r, endpoint: e.name, ratio: NaN, spread: [NaN, NaN] as [number, number], cpu, loop: loop() };
  };

  // Warm-up: JIT, Next's route caches, Postgres buffers and prepared statements.
  for (const e of [bare, ...all]) await phase(e, 4, 1);
  for (const connections of o.connections) {
    results.load.push(`${connections} conn: load average ${loadAverage()}`);
    // Rounds of bare, every endpoint, bare...: each endpoint is compared with the bare route measured just before
    // and just after its round, so that a burst of load from elsewhere on the machine skews one round, not all.
    const bares = [await phase(bare, connections, o.seconds)];
    const rounds: EndpointRow[][] = [];
    for (let round = 0; round < o.repeat; round++) {
      const rows: EndpointRow[] = [];
      for (const e of all) {
        const r = await phase(e, connections, o.seconds);
        rows.push(r);
        console.log(`  ${String(connections).padStart(2)} conn  ${e.name.padEnd(34)} ${fmtInt(r.rps).padStart(6)} req/s  p50 ${fmtMs(r.p50)}  p99 ${fmtMs(r.p99)}  errors ${r.errors}  cpu/req ${r.cpu.server.toFixed(2)}+${r.cpu.postgres.toFixed(2)}+${r.cpu.client.toFixed(2)} ms  loop ${fmtLoop(r.loop)}`);
      }
      bares.push(await phase(bare, connections, o.seconds));
      const bareRps = (bares[round].rps + bares[round + 1].rps) / 2;
      rounds.push(rows.map((r) => ({ ...r, ratio: r.rps / bareRps })));
    }
    results.bare[connections] = bares.map((b) => b.rps);
    console.log(`  ${String(connections).padStart(2)} conn  ${bare.name.padEnd(34)} ${bares.map((b) => fmtInt(b.rps)).join(" / ")} req/s (between rounds)`);
    results.rows.push(combine([bares], 1)[0], ...combine(rounds));
  }
  results.exhausted = [...rotation.exhausted];
  const targets = targetLines(results);
  if (targets.length) console.log(`\ntargets against the bare route (load average ${loadAverage()}):\n${targets.map((l) => `  ${l}`).join("\n")}\n`);
}

/**
 * The API against `next start` of a production build on the embedded database, each endpoint at each connection
 * count for `seconds`, in `repeat` rounds with the bare route of the same build measured between them.
 */
export async function measureApi(o: ApiOptions): Promise<ApiResults> {
  buildNext(o.distDir, o.rebuild);
  let t = performance.now();
  console.log(`database: embedded in ${o.dataDir} (${o.cuits.toLocaleString("en-US")} CUITs per source; the first boot loads them)`);
  const db = await openDatabase(o.dataDir, { demoCuits: o.cuits });
  const results: ApiResults = { rows: [], bare: {}, exhausted: [], load: [] };
  try {
    const [{ rows: padron }] = await db.execute<{ rows: number }>(
      sql`select coalesce(max(row_count), 0)::int as rows from source_snapshots where source = 'identidad'`,
    );
    // The padrón holds ~93% of the universe; a smaller one means this DATA_DIR was loaded at another size.
    if (padron < o.cuits * 0.9) throw new Error(`${o.dataDir} holds a padrón of ${padron} rows, not ~${o.cuits}: remove it or pass another --data-dir`);
    console.log(`database ready in ${((performance.now() - t) / 1000).toFixed(1)} s (padrón ${fmtInt(padron)} rows, ${fmtInt(await reportsHeld(db))} reports)`);
    const warm = warmPageCache(o.dataDir);
    console.log(`page cache: ${fmtInt(warm.mb)} MB of database files read in ${warm.seconds.toFixed(1)} s`);
    const pool = await benchPool(db, o.dataDir, o.accounts);
    t = performance.now();
    const profiles = path.join(o.dataDir, "profiles");
    const s = await startNext({
      distDir: o.distDir,
      logFile: path.join(o.dataDir, "server.log"),
      env: {
        DATA_DIR: o.dataDir,
        TRUST_PROXY: "true",
        // Serves GET /bench/bare, the baseline every endpoint is measured against (404 otherwise).
        LEGAJO_BENCH_ROUTES: "1",
        ...o.serverEnv,
      },
      nodeArgs: [...(o.profile ? ["--cpu-prof", `--cpu-prof-dir=${profiles}`] : []), ...o.nodeArgs],
    });
    try {
      await waitFor(s, "/v1/prices", 200, 120_000);
      console.log(`next start ready in ${((performance.now() - t) / 1000).toFixed(1)} s (pid ${s.pid}, ${s.url}, log ${s.logFile})`);
      await measureEndpoints(o, s, pool, results);
      if (!s.alive()) throw new Error(`the server exited during the run:\n${s.tail()}`);
    } finally {
      await s.stop();
    }
    const profile = o.profile ? newestProfile(profiles) : null;
    if (profile) console.log(`\n${summariseProfile(profile)}`);
  } finally {
    await closeDatabase(o.dataDir);
  }
  return results;
}

interface Target {
  endpoint: string;
  connections: number;
  /**
   * `rps`: req/s as a share of the bare route's, at least `bound`; `p50`: p50 over the bare route's, at most `bound`;
   * `p50ms`: p50 in milliseconds, at most `bound`.
   */
  measure: "rps" | "p50" | "p50ms";
  bound: number;
}

/** The API's targets, checked by every run that measures them: against the bare route (issue 14, item 7) and POST's p50. */
export const API_TARGETS: Target[] = [
  { endpoint: "GET /v1/reports/{id}", connections: 16, measure: "rps", bound: 0.6 },
  { endpoint: "GET /v1/reports/{id}", connections: 1, measure: "p50", bound: 1.5 },
  { endpoint: "GET /v1/balance", connections: 16, measure: "rps", bound: 0.6 },
  { endpoint: "POST /v1/reports (nuevo)", connections: 16, measure: "rps", bound: 0.25 },
  { endpoint: "POST /v1/reports (actualizacion)", connections: 16, measure: "rps", bound: 0.25 },
  // Issue 15: POST at one connection, in absolute time.
  { endpoint: "POST /v1/reports (nuevo)", connections: 1, measure: "p50ms", bound: 10 },
  { endpoint: "POST /v1/reports (actualizacion)", connections: 1, measure: "p50ms", bound: 10 },
];

/** One line per target this run measured: the figure, its ratio to the bare route, the target, PASS or MISS. */
export function targetLines(r: ApiResults): string[] {
  const lines: string[] = [];
  for (const t of API_TARGETS) {
    const row = r.rows.find((x) => x.endpoint === t.endpoint && x.connections === t.connections);
    const bare = r.rows.find((x) => x.endpoint === "GET /bench/bare" && x.connections === t.connections);
    if (!row || !bare) continue;
    const head = `${t.endpoint.padEnd(34)} ${String(t.connections).padStart(2)} conn`;
    if (t.measure === "rps") {
      const ok = row.ratio >= t.bound;
      lines.push(`${head}  req/s ${fmtInt(row.rps)} = ${spreadPct(row)} of bare's ${fmtInt(bare.rps)}  target >= ${fmtPct(t.bound)}  ${ok ? "PASS" : "MISS"}`);
    } else if (t.measure === "p50ms") {
      const ok = row.p50 <= t.bound;
      lines.push(`${head}  p50 ${fmtMs(row.p50)}${" ".repeat(32)}target <= ${t.bound} ms  ${ok ? "PASS" : "MISS"}`);
    } else {
      const ratio = row.p50 / bare.p50;
      const ok = ratio <= t.bound;
      lines.push(`${head}  p50 ${fmtMs(row.p50)} = ${ratio.toFixed(2)}x bare's ${fmtMs(bare.p50)}  target <= ${t.bound}x  ${ok ? "PASS" : "MISS"}`);
    }
  }
  return lines;
}

/** The ratio with its spread over the rounds: 52% (48-57%). */
export const spreadPct = (row: Pick<EndpointRow, "ratio" | "spread">): string =>
  row.spread[0] === row.spread[1] ? fmtPct(row.ratio) : `${fmtPct(row.ratio)} (${Math.round(row.spread[0] * 100)}-${fmtPct(row.spread[1])})`;

/** The event loop's running and waiting shares, then the machine's idle share: 71/29% idle 20%. */
const fmtLoop = (l: LoopShare): string => `${Math.round(l.running * 100)}/${fmtPct(l.waiting)} idle ${fmtPct(l.idle)}`;

export function apiTable(r: ApiResults): string {
  return table(
    ["endpoint", "conn", "req/s", "p50", "p99", "errors", "vs bare", "cpu ms/req app+pg+client", "loop run/wait", "statuses"],
    r.rows.map((row) => [
      row.endpoint,
      String(row.connections),
      fmtInt(row.rps),
      fmtMs(row.p50),
      fmtMs(row.p99),
      fmtInt(row.errors),
      spreadPct(row),
      `${row.cpu.server.toFixed(2)} + ${row.cpu.postgres.toFixed(2)} + ${row.cpu.client.toFixed(2)}`,
      fmtLoop(row.loop),
      Object.entries({ ...row.statuses, ...row.tags })
        .map(([k, v]) => `${k}:${v}`)
        .join(" "),
    ]),
  );
}

/**
 * `npm run bench -- api [--seconds 5] [--repeat 2] [--connections 1,16,64] [--accounts 6000] [--clients 100] [--only quote,balance]
 * [--data-dir .data-bench] [--cuits 1000000] [--dist .next-bench] [--rebuild] [--server-env NAME=VALUE] [--node-arg --trace-gc]`
 */
export async function run(args: string[]): Promise<void> {
  const results = await measureApi(apiOptions(args));
  console.log(`\n${apiTable(results)}`);
  if (results.exhausted.length) console.log(`\nper-account budgets exhausted (429s above): ${results.exhausted.join(", ")}; pass a larger --accounts`);
  console.log(results.load.join("\n"));
}
