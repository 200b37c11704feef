import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDb, getDb } from "@/db/client";
import { stopEmbedded } from "@/db/embedded";
import { installDatabase } from "@/lib/database-boot";
import { withCheckDigit } from "@/lib/cuit/check-digit";
import { bcraDeudores, deudoresLine, writeMaeent } from "@/lib/sources/formats/bcra-deudores";
import { importSource } from "@/lib/sources/load";
import { Prng } from "@/lib/sources/demo/prng";
import { option } from "@/scripts/lib/args";
import { settle } from "./lib/cpu";

const fmt = (n: number) => n.toLocaleString("en-US");
const LENDERS = Array.from({ length: 60 }, (_, i) => [String(i * 7 + 7).padStart(5, "0"), `BANCO DE PRUEBA ${i + 1} S.A.`] as [string, string]);

/** A deudores.txt of `lines` lines in the published layout (latin-1, CRLF), about 1 to 3 lenders per debtor. */
async function generate(file: string, lines: number): Promise<void> {
  const rng = new Prng("bench-import");
  const out = fs.createWriteStream(file, { highWaterMark: 1 << 20 });
  let buffer = "";
  let body = 50_000_000;
  for (let n = 0; n < lines; ) {
    let cuit: string | null = null;
    while (!cuit) cuit = withCheckDigit(rng.chance(0.6) ? "20" : "30", String(body++));
    for (let k = rng.int(1, 3); k > 0 && n < lines; k--, n++) {
      const situacion = rng.weighted([[1, 88], [2, 5], [3, 3], [4, 2], [5, 1.5], [9, 0.5]] as const);
      buffer += `${deudoresLine({
        entidad: rng.pick(LENDERS)[0],
        periodo: "202607",
        cuit,
        situacion,
        montos: { prestamos: Math.round(rng.logUniform(1, 90_000) * 10) / 10, otros_conceptos: rng.chance(0.1) ? 0.4 : 0 },
        refinanciacion: rng.chance(0.03) ? 1 : 0,
        diasAtraso: situacion > 1 ? rng.int(1, 900) : 0,
      })}\r\n`;
    }
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer, "latin1")) await new Promise<void>((r) => out.once("drain", () => r()));
      buffer = "";
    }
  }
  out.end(buffer, "latin1");
  await new Promise<void>((r) => out.once("finish", () => r()));
}

/**
 * `npm run bench -- import [--lines N] [--data-dir DIR]`: writes a deudores.txt of N lines (default 5,000,000) in
 * the published layout, then imports it with the bcra-deudores importer through the loader (one transaction, COPY)
 * into a DATA_DIR of its own. Targets on a 2-core machine: >= 150,000 lines/s and <= 300 MB peak RSS.
 */
export async function run(args: string[]): Promise<void> {
  const lines = Number(option(args, "lines") ?? 5_000_000);
  if (!process.env.DATABASE_URL) process.env.DATA_DIR = path.resolve(option(args, "data-dir") ?? ".data-bench-import");
  process.env.LOG_LEVEL ??= "warn";
  const dir = path.join(process.env.DATA_DIR ?? path.resolve(".data-bench-import"), "bench-files");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  try {
    // Plans only (no demo seed): this process holds nothing but the import.
    installDatabase({ plansOnly: true });
    const db = await getDb();
    let t = performance.now();
    const file = path.join(dir, "deudores.txt");
    await generate(file, lines);
    fs.writeFileSync(path.join(dir, "Maeent.txt"), writeMaeent(LENDERS));
    const size = fs.statSync(file).size;
    console.log(`generated deudores.txt: ${fmt(lines)} lines, ${(size / 1024 / 1024).toFixed(0)} MB in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    // The import is not charged for the kernel writing the generated file back to disk.
    console.log(`machine idle after ${fmt(await settle())} ms`);
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const load = os.loadavg()[0];
    t = performance.now();
    const cpu = process.cpuUsage();
    const result = await importSource(db, { importer: bcraDeudores, files: [file, path.join(dir, "Maeent.txt")], snapshotDate: "2026-08-15" });
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - t) / 1000;
    clearInterval(sampler);
    const rate = lines / seconds;
    console.log(`imported ${fmt(result.rows)} rows (${fmt(lines - result.rows)} lines of situación 9 skipped): read, parse, check, COPY, index and analyze in one transaction ${seconds.toFixed(1)} s`);
    console.log(`import ${fmt(Math.round(rate))} lines/s until the snapshot is committed (target >= 150,000) ${rate >= 150_000 ? "PASS" : "FAIL"}`);
    console.log(`peak RSS during the import ${(peak / 1024 / 1024).toFixed(0)} MB (target <= 300 MB) ${peak <= 300 * 1024 * 1024 ? "PASS" : "FAIL"}; load average at the start ${load.toFixed(2)} (${os.cpus().length} CPUs), now ${os.loadavg()[0].toFixed(2)}`);
    // What this process spent (read, decode, parse, checks, COPY text); the rest of the wall time is Postgres.
    console.log(`importer + loader CPU ${((used.user + used.system) / 1e6).toFixed(1)} s (${fmt(Math.round(lines / ((used.user + used.system) / 1e6)))} lines per CPU-second)`);
    console.log(`process max RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (generation included)`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await closeDb();
    await stopEmbedded();
  }
}
