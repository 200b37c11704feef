import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { monitoringScans, type SourceName } from "@/db/schema";
import { legajoCsv } from "@/lib/sources/formats/legajo-csv";
import { importSource, type ImportResult } from "@/lib/sources/load";

type Cell = string | number | boolean | null;

const csvCell = (v: Cell) => (v === null ? "" : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

/**
 * Imports `rows` as a new snapshot of a feed of the test's own, through the loader (source:import's path): the
 * demo's feeds stay current, and the engine combines this feed with them.
 */
export async function importFeed(source: SourceName, feed: string, date: string, rows: Record<string, Cell>[]): Promise<ImportResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-mon-"));
  const file = path.join(dir, `${source}.csv`);
  const columns = Object.keys(rows[0]);
  fs.writeFileSync(file, [columns.join(","), ...rows.map((r) => columns.map((c) => csvCell(r[c] ?? null)).join(","))].join("\n") + "\n");
  try {
    return await importSource(await getDb(), { importer: { ...legajoCsv(source), feed }, files: [file], snapshotDate: date });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The scan an import announced, if any. */
export async function scanOf(snapshotId: number): Promise<number | undefined> {
  const db = await getDb();
  const [row] = await db.select({ id: monitoringScans.id }).from(monitoringScans).where(eq(monitoringScans.snapshotId, snapshotId));
  return row?.id;
}

/** One BCRA debt row of our CSV layout. */
export const debtRow = (cuit: string, entidad: string, situacion: number, monto = 100) => ({
  cuit,
  denominacion: `EMPRESA ${cuit}`,
  periodo: "202609",
  entidad_codigo: entidad,
  entidad_nombre: `BANCO ${entidad}`,
  situacion,
  monto,
});

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** How the receiver answers a request: a status, optionally after a delay (ms). */
export type Answer = { status: number; delayMs?: number };

/** A local webhook receiver: records every request, answers by `answer` (200 by default). */
export async function startReceiver(answer: (req: Received, n: number) => Answer = () => ({ status: 200 })) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: Received = { path: req.url ?? "/", headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") };
      received.push(r);
      const a = answer(r, received.length);
      const reply = () => {
        if (!res.destroyed) res.writeHead(a.status, { "content-type": "text/plain" }).end("ok");
      };
      if (a.delayMs) setTimeout(reply, a.delayMs).unref();
      else reply();
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (p = "/hook") => `http://127.0.0.1:${port}${p}`,
    received,
    ids: () => received.map((r) => r.headers["webhook-id"]),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
