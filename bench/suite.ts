import { spawn } from "node:child_process";
import path from "node:path";
import { apiOptions, measureApi, spreadPct, type ApiResults, type EndpointRow } from "./api";
import { measureColdStarts } from "./cold-start";
import { settle } from "./lib/cpu";
import { fmtInt, fmtMs, loadAverage, median, table } from "./lib/stats";

/** Runs `npm run bench -- <name>` in a child process (each owns its DATA_DIR and database), echoing and keeping its output. */
function child(name: string, args: string[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [path.join("node_modules", "tsx", "dist", "cli.mjs"), "bench/main.ts", name, ...args], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    p.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      process.stdout.write(c);
    });
    p.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`bench ${name} exited with ${code}`))));
  });
}

const num = (text: string, pattern: RegExp): number => Number(pattern.exec(text)?.[1] ?? NaN);

type Row = [measure: string, conn: string, rps: string, p50: string, p99: string, errors: string, ratio: string, target: string, result: string];

const verdict = (ok: boolean | null) => (ok === null ? "" : ok ? "PASS" : "MISS");

function apiRows(r: ApiResults): Row[] {
  const targets: Record<string, (row: EndpointRow) => [string, boolean] | null> = {
    "POST /v1/reports (nuevo)": (row) =>
      row.connections === 1 ? ["p50 <= 10 ms", row.p50 <= 10] : row.connections === 16 ? [">= 25% of bare", row.ratio >= 0.25] : null,
    "POST /v1/reports (actualizacion)": (row) =>
      row.connections === 1 ? ["p50 <= 10 ms", row.p50 <= 10] : row.connections === 16 ? [">= 25% of bare", row.ratio >= 0.25] : null,
    "GET /v1/reports/{id}": (row) => (row.connections === 16 ? [">= 60% of bare", row.ratio >= 0.6] : null),
    "GET /v1/datasets": (row) => (row.connections === 16 ? [">= 80% of bare", row.ratio >= 0.8] : null),
  };
  return r.rows.map((row) => {
    const t = targets[row.endpoint]?.(row) ?? null;
    return [row.endpoint, String(row.connections), fmtInt(row.rps), fmtMs(row.p50), fmtMs(row.p99), fmtInt(row.errors), spreadPct(row), t?.[0] ?? "", verdict(t ? t[1] : null)];
  });
}

/**
 * `npm run bench` (or `npm run bench -- suite [api options]`): the API against the framework's own ceiling, the
 * engine alone, snapshot publication and the cold start, then one table of every figure with its target.
 */
export async function run(args: string[]): Promise<void> {
  const started = performance.now();
  const load: string[] = [`start: load average ${loadAverage()}`];
  const o = apiOptions(args);

  console.log("\n-- engine (bench/engine.ts) --");
  const engine = await child("engine");
  load.push(`after engine: ${loadAverage()}, idle after ${await settle()} ms`);
  console.log("\n-- snapshot publication (bench/publish.ts) --");
  const publish = await child("publish");
  load.push(`after publish: ${loadAverage()}, idle after ${await settle()} ms`);
  console.log("\n-- cold start: fresh DATA_DIR to the first 200 of GET /v1/prices --");
  const cold = await measureColdStarts(o.distDir, 3);
  load.push(`after cold starts: ${loadAverage()}, idle after ${await settle()} ms`);
  console.log("\n-- API against next start (bench/api.ts) --");
  const api = await measureApi(o);
  load.push(...api.load);

  const p50 = num(engine, /engine p50 ([\d.]+) ms/);
  const p99 = num(engine, /p99 ([\d.]+) ms \(target/);
  const wall = num(publish, /wall time\s+([\d.]+) s/);
  const rss = num(publish, /peak RSS\s+([\d.]+) MB/);
  const coldMs = median(cold.map((c) => c.firstOk));
  const rows: Row[] = [
    ...apiRows(api),
    ["engine alone, 10,000 reports", "1", "", fmtMs(p50), fmtMs(p99), "", "", "p99 <= 20 ms", verdict(p99 <= 20)],
    ["publish 1M rows: wall time", "", "", "", "", "", "", "<= 10 s", verdict(wall <= 10)],
    [`  ${wall.toFixed(2)} s, peak RSS ${rss.toFixed(0)} MB`, "", "", "", "", "", "", "<= 400 MB", verdict(rss <= 400)],
    [`cold start (median of ${cold.length}: ${cold.map((c) => (c.firstOk / 1000).toFixed(2)).join(", ")} s)`, "", "", fmtMs(coldMs), "", "", "", "<= 5 s", verdict(coldMs <= 5000)],
  ];
  console.log(`\n${table(["measure", "conn", "req/s", "p50", "p99", "errors", "vs bare", "target", "result"], rows)}`);
  const bare = Object.entries(api.bare).map(([c, list]) => `${c} conn ${list.map(fmtInt).join(" / ")}`);
  console.log(`\nbare route req/s between the rounds: ${bare.join("; ")}; ratios are medians over ${o.repeat} rounds (lowest-highest)`);
  if (api.exhausted.length) console.log(`per-account budgets exhausted (429s in the table): ${api.exhausted.join(", ")}; pass a larger --accounts`);
  console.log(`machine: ${load.join("; ")}`);
  console.log(`suite took ${((performance.now() - started) / 60_000).toFixed(1)} min`);
}
