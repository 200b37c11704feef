import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { stopWorkers } from "@/lib/jobs/start";
import { newAccount } from "../helpers/accounts";
import { debitedUnits, itemsOf, postBatch, progressOf, settled } from "../helpers/batches";
import { ledgerAndBalance } from "../helpers/ledger";

/**
 * A database of this file's own on the suite's server, so that no worker of another test file can take its batch:
 * the only workers on it are the child processes below. Set before anything reads the configuration.
 */
const crash = vi.hoisted(() => {
  const suiteUrl = process.env.DATABASE_URL!;
  const name = `legajo_crash_${process.pid}_${Date.now()}`;
  const url = `${suiteUrl.slice(0, suiteUrl.lastIndexOf("/"))}/${name}`;
  Object.assign(process.env, { DATABASE_URL: url, SEED_DEMO: "true", DEMO_CUITS: "100" });
  return { suiteUrl, name, url };
});

const ROOT = path.resolve(import.meta.dirname, "../..");
const adminUrl = () => `${crash.suiteUrl.slice(0, crash.suiteUrl.lastIndexOf("/"))}/postgres`;

const children: ChildProcess[] = [];

/** `npm run worker` on this file's database; `env` adds to its environment. */
function worker(env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "lib/jobs/worker-main.ts"], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

beforeAll(async () => {
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${crash.name}`);
  await admin.end();
  await getDb();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await stopWorkers();
  await closeDb();
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${crash.name} with (force)`);
  await admin.end();
});

describe("crash safety", () => {
  it("resumes a batch after its worker is killed with SIGKILL, charging no item twice", async () => {
    const db = await getDb();
    const a = await newAccount();
    const rows = await db.execute<{ cuit: string }>(`select distinct cuit from src_identidad order by cuit limit 60`);
    const cuits = rows.map((r) => r.cuit);
    const { lote_id: id } = (await postBatch(a, { cuits })).body;

    // The first worker's reports are slow (a source answers late), so the kill lands mid-batch.
    const first = worker({ ENGINE_FAULTS: "comex:slow", ENGINE_SOURCE_TIMEOUT_MS: "40" });
    const firstExit = exited(first);
    let atKill = await progressOf(a, id);
    while (atKill.procesados < 10) {
      await new Promise((r) => setTimeout(r, 20));
      atKill = await progressOf(a, id);
    }
    first.kill("SIGKILL");
    expect((await firstExit).signal).toBe("SIGKILL");
    expect(atKill.estado).toBe("procesando");
    expect(atKill.procesados).toBeLessThan(cuits.length);

    const second = worker();
    const done = await settled(a, id, 60_000);
    second.kill("SIGTERM");
    expect((await exited(second)).code).toBe(0);

    expect(done).toMatchObject({ estado: "completado", total: cuits.length, procesados: cuits.length, invalidos: 0, sin_saldo: 0, errores: 0 });
    expect(done.resueltos + done.no_resueltos).toBe(cuits.length);
    expect(done.resueltos).toBeGreaterThan(atKill.procesados);
    // Every resolved item charged once as nuevo; one report per CUIT; the ledger holds exactly the items' costs.
    const items = await itemsOf(a, id);
    for (const i of items) expect([i.status, i.tipo_accion, i.costo_unidades]).toEqual(i.status === "no_resuelto" ? ["no_resuelto", null, 0] : [i.status, "nuevo", 200]);
    const reports = await db.execute<{ cuit: string; n: number }>(
      `select cuit, count(*)::int as n from reports where account_id = '${a.accountId}' group by cuit`,
    );
    expect(reports.length).toBe(cuits.length);
    expect(reports.every((r) => r.n === 1)).toBe(true);
    expect(done.costo_unidades).toBe(200 * done.resueltos);
    expect(await debitedUnits(a.accountId)).toBe(done.costo_unidades);
    const { ledger, balance } = await ledgerAndBalance(a.accountId);
    expect(ledger).toEqual(balance);
  });
});
