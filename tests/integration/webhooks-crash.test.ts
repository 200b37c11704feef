import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postWebhook } from "@/app/v1/webhooks/route";
import { closeDb, getDb } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { stopWorkers } from "@/lib/jobs/start";
import { recordEvents } from "@/lib/monitoring/record-events";
import { newAccount } from "../helpers/accounts";
import { bearer, call } from "../helpers/http";
import { startReceiver } from "../helpers/monitoring";
import { ipOf } from "../helpers/reports";

/** A database of this file's own: the only workers on it are the child processes below. */
const own = vi.hoisted(() => {
  const suiteUrl = process.env.DATABASE_URL!;
  const name = `legajo_whkcrash_${process.pid}_${Date.now()}`;
  Object.assign(process.env, {
    DATABASE_URL: `${suiteUrl.slice(0, suiteUrl.lastIndexOf("/"))}/${name}`,
    SEED_DEMO: "true",
    DEMO_CUITS: "100",
    WEBHOOK_ALLOW_PRIVATE: "true",
  });
  return { adminUrl: `${suiteUrl.slice(0, suiteUrl.lastIndexOf("/"))}/postgres`, name };
});

const ROOT = path.resolve(import.meta.dirname, "../..");
const children: ChildProcess[] = [];

/** `npm run worker` on this file's database. */
function worker(): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "lib/jobs/worker-main.ts"], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  return child;
}

const until = async (check: () => boolean | Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
};

beforeAll(async () => {
  const admin = postgres(own.adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${own.name}`);
  await admin.end();
  await getDb();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await stopWorkers();
  await closeDb();
  const admin = postgres(own.adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${own.name} with (force)`);
  await admin.end();
});

describe("delivery crash safety", () => {
  it("delivers every message at least once after a worker is killed with SIGKILL mid-delivery", async () => {
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 30 }));
    try {
      const a = await newAccount();
      const created = await call(postWebhook, "/v1/webhooks", { method: "POST", ip: ipOf(a), headers: bearer(a.key), body: { url: receiver.url(), eventos: ["monitoreo.cambio"] } });
      const total = 1_000;
      await recordEvents(
        await getDb(),
        Array.from({ length: total }, (_, i) => ({ accountId: a.accountId, tipo: "monitoreo.cambio" as const, cuit: "30500010912", severidad: "info" as const, datos: { n: i } })),
      );
      const first = worker();
      await until(() => receiver.received.length >= 150, 120_000);
      first.kill("SIGKILL");
      await new Promise((r) => first.once("exit", r));
      const beforeRestart = new Set(receiver.ids()).size;
      expect(beforeRestart).toBeLessThan(total);

      worker();
      const db = await getDb();
      await until(async () => {
        const rows = await db.select({ estado: webhookDeliveries.estado }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.body.id));
        return rows.every((d) => d.estado === "entregado");
      }, 120_000);
      // At least once: every webhook-id reached the receiver, some possibly twice (sent, not yet recorded at the kill).
      const ids = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.body.id));
      const seen = new Set(receiver.ids());
      expect(ids.every((d) => seen.has(d.id))).toBe(true);
      expect(seen.size).toBe(total);
    } finally {
      await receiver.close();
    }
  });
});
