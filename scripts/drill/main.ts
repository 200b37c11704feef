import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDatabase, openDatabase } from "@/bench/lib/database";
import { DEFAULT_DIST } from "@/bench/lib/server";
import { buildNext, type NextServer } from "@/scripts/lib/next-process";
import { demoOutcomes } from "@/lib/sources/demo/outcomes";
import { balanceRace } from "./balance-race";
import { crash } from "./crash";
import { databaseLoss } from "./database-loss";
import { duplicateStorm } from "./duplicate-storm";
import { fuzz } from "./fuzz";
import { isolation } from "./isolation";
import { accountMaker, addressSource, Report, serverStarter, type Drill, type DrillContext } from "./lib/context";
import { sources } from "./sources";
import { option } from "@/scripts/lib/args";

/** In the order they run: the database-loss drill stops the database the others use, so it runs last. */
const DRILLS: Drill[] = [isolation, fuzz, duplicateStorm, balanceRace, sources, crash, databaseLoss];

const USAGE = `npm run drill -- [name ...] [--dist DIR] [--rebuild] [--data-dir DIR] [--keep]

Reliability drills against next start of a production build (NEXT_DIST_DIR, default ${DEFAULT_DIST}; built if
missing, or with --rebuild) on a fresh embedded database with the demo data. Each prints what it checked; the run exits 1 if any
check failed. CI runs them all.

${DRILLS.map((d) => `  ${d.name.padEnd(16)}  ${d.summary}`).join("\n")}`;

async function main(args: string[]): Promise<number> {
  if (args.includes("--help")) {
    console.log(USAGE);
    return 0;
  }
  const flagsWithValue = new Set(["--dist", "--data-dir"]);
  const names = args.filter((a, i) => !a.startsWith("--") && !flagsWithValue.has(args[i - 1] ?? ""));
  const unknown = names.filter((n) => !DRILLS.some((d) => d.name === n));
  if (unknown.length) {
    console.error(`unknown drill ${unknown.join(", ")}\n\n${USAGE}`);
    return 2;
  }
  const selected = names.length ? DRILLS.filter((d) => names.includes(d.name)) : DRILLS;
  const distDir = option(args, "dist") ?? DEFAULT_DIST;
  const given = option(args, "data-dir");
  const dataDir = path.resolve(given ?? fs.mkdtempSync(path.join(os.tmpdir(), "legajo-drill-")));
  const started = performance.now();
  const servers: NextServer[] = [];
  const reports: Report[] = [];
  try {
    buildNext(distDir, args.includes("--rebuild"));
    console.log(`database: embedded in ${dataDir} (fresh, demo data)`);
    const db = await openDatabase(dataDir, { demoCuits: 3000 });
    const startServer = serverStarter(dataDir, distDir, servers);
    const server = await startServer("shared");
    console.log(`next start (${distDir}) at ${server.url}, pid ${server.pid}, log ${server.logFile}`);
    const ctx: DrillContext = {
      db,
      dataDir,
      distDir,
      server,
      cuits: await demoOutcomes(db, 120),
      ip: addressSource(),
      startServer,
      accounts: accountMaker(db),
    };
    for (const drill of selected) {
      const report = new Report(drill.name);
      reports.push(report);
      const t = performance.now();
      console.log(`\n== ${drill.name}: ${drill.summary}`);
      try {
        await drill.run(ctx, report);
      } catch (e) {
        report.check("the drill ran to the end", false, e instanceof Error ? (e.stack ?? e.message) : String(e));
      }
      console.log(`   ${drill.name}: ${report.failed ? `${report.failed} FAILED` : "passed"} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await closeDatabase(dataDir);
    if (!given && !args.includes("--keep")) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const failed = reports.filter((r) => r.failed > 0);
  console.log(`\n${reports.length - failed.length}/${reports.length} drills passed in ${((performance.now() - started) / 1000).toFixed(0)} s` +
    (failed.length ? `; failed: ${failed.map((r) => r.drill).join(", ")}` : ""));
  return failed.length ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
