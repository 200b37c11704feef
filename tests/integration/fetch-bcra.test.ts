import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { fetchBcra } from "@/lib/sources/fetch-bcra";
import { bcraApi, type Answer } from "../helpers/bcra-api";
import { runCli } from "../helpers/cli";
import { CUITS, field, fixture, importInto, report } from "../helpers/formats";
import { freshDatabase, inRollback } from "./engine-fixtures";

const { A, D } = CUITS;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-fetch-bcra-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const [deudas, historicas] = fs.readFileSync(fixture("deudas.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as unknown);
const cheques = JSON.parse(fs.readFileSync(fixture("cheques-rechazados.json"), "utf8")) as unknown;
const entidades = JSON.parse(fs.readFileSync(fixture("entidades.json"), "utf8")) as unknown;
const ok = (body: unknown): Answer => ({ status: 200, body });
const fail = (status: number, headers?: Record<string, string>): Answer => ({ status, body: { status, errorMessages: ["Error"] }, headers });

/** D has debts, history and cheques; A has none (404), after a 500, a 429 and a dropped connection on the way. */
const routes = (): Record<string, Answer[]> => ({
  "/cheques/v1.0/entidades": [ok(entidades)],
  [`/CentralDeDeudores/v1.0/Deudas/${D}`]: [ok(deudas)],
  [`/CentralDeDeudores/v1.0/Deudas/Historicas/${D}`]: [fail(429, { "retry-after": "1" }), ok(historicas)],
  [`/CentralDeDeudores/v1.0/Deudas/ChequesRechazados/${D}`]: [ok(cheques)],
  [`/CentralDeDeudores/v1.0/Deudas/${A}`]: [fail(500), "drop", fail(404)],
});

describe("source:fetch-bcra against a stand-in of the BCRA API", () => {
  it("honours 429 Retry-After, retries 500s and dropped connections, treats 404 as no data, and keeps every raw answer", async () => {
    const api = await bcraApi(routes());
    try {
      const out = path.join(tmp, "lib");
      const started = Date.now();
      const result = await fetchBcra({ cuits: [D, A], outDir: out, baseUrl: api.url, backoffMs: 10 });
      // The 429 asked for one second, and got it.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(result).toMatchObject({ cuits: 2, requests: 10, retried: 3, not_found: 3 });
      expect(fs.readdirSync(out).sort()).toEqual(
        [`${A}-cheques.json`, `${A}-deudas.json`, `${A}-historicas.json`, `${D}-cheques.json`, `${D}-deudas.json`, `${D}-historicas.json`, "entidades.json"].sort(),
      );
      expect(JSON.parse(fs.readFileSync(path.join(out, `${A}-deudas.json`), "utf8"))).toMatchObject({ status: 404 });
      const d = await inRollback(async (tx) => {
        await importInto(tx, "bcra-deudas-api", result.deudas);
        await importInto(tx, "bcra-cheques-api", result.cheques);
        return report(tx, D);
      });
      expect(field(d, "crediticio", "Peor situación en los últimos 24 meses")).toBe("5 - Irrecuperable");
      expect(field(d, "cheques", "Cheques rechazados")).toBe("2");
    } finally {
      await api.close();
    }
  });

  it("gives up on an answer that keeps failing, naming the URL, and keeps what it already saved", async () => {
    const api = await bcraApi({ ...routes(), [`/CentralDeDeudores/v1.0/Deudas/${D}`]: [fail(503)] });
    try {
      const out = path.join(tmp, "down");
      const error = await fetchBcra({ cuits: [D], outDir: out, baseUrl: api.url, retries: 2, backoffMs: 5 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).message).toBe(
        `La API del BCRA no dio una respuesta útil para ${api.url}/CentralDeDeudores/v1.0/Deudas/${D}: respondió 503: {"status":503,"errorMessages":["Error"]}. Las respuestas ya obtenidas quedan en ${out}.`,
      );
      expect(api.calls.filter((c) => c.endsWith(`Deudas/${D}`))).toHaveLength(3);
      expect(fs.readdirSync(out)).toEqual(["entidades.json"]);
    } finally {
      await api.close();
    }
  });
});

describe("the import commands (a database of its own, so imports can commit)", () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => {
    await fresh.drop();
  });

  it("source:fetch-bcra fetches, then imports both feeds as new snapshots and prints one summary", async () => {
    const api = await bcraApi(routes());
    try {
      const list = path.join(tmp, "cuits.txt");
      fs.writeFileSync(list, `# clientes\n${D.slice(0, 2)}-${D.slice(2, 10)}-${D.slice(10)}\n\n${A}\n`);
      const out = path.join(tmp, "cli");
      const run = await runCli(["source:fetch-bcra", "--cuits", list, "--out", out, "--snapshot-date", "2026-09-01"], { DATABASE_URL: fresh.url, BCRA_API_URL: api.url });
      expect(run.code).toBe(0);
      expect(run.json.fetch).toMatchObject({ out_dir: out, cuits: 2, not_found: 3 });
      expect(run.json.imports).toEqual([
        expect.objectContaining({ source: "crediticio", feed: "bcra-deudores", format: "bcra-deudas-api", snapshot_date: "2026-09-01", rows: 6, bad_lines: [] }),
        expect.objectContaining({ source: "cheques", feed: "bcra-cheques", format: "bcra-cheques-api", snapshot_date: "2026-09-01", rows: 2, bad_lines: [] }),
      ]);
      const engine = await runCli(["engine:report", "--cuit", D], { DATABASE_URL: fresh.url });
      expect(engine.json.sections.crediticio.fields).toContainEqual(expect.objectContaining({ label: "Período informado", value: "2026-08", snapshot_date: "2026-09-01" }));
    } finally {
      await api.close();
    }
  });

  it("source:import takes repeated --file, prints {source, format, snapshot_date, rows, bad_lines, ms}, and exits 1 on the wrong format", async () => {
    const env = { DATABASE_URL: fresh.url };
    const run = await runCli(["source:import", "--format", "bcra-deudores", "--file", fixture("deudores.txt"), "--file", fixture("Maeent.txt"), "--snapshot-date", "2026-08-15"], env);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ source: "crediticio", feed: "bcra-deudores", format: "bcra-deudores", snapshot_date: "2026-08-15", rows: 3, bad_lines: [] });
    expect(typeof run.json.ms).toBe("number");
    const wrong = await runCli(["source:import", "--format", "arca-padron", "--file", fixture("deudores.txt")], env);
    expect(wrong.code).toBe(1);
    expect(wrong.json).toEqual({
      error: "formato_invalido",
      message: expect.stringMatching(/^deudores\.txt no tiene el formato arca-padron \(padrón de ARCA apellidoNombreDenominacion/),
    });
    const csv = await runCli(["source:import", "--format", "legajo-csv", "--file", fixture("deudores.txt")], env);
    expect(csv.json).toEqual({ error: "argumento_faltante", message: expect.stringContaining("--source") });
    const list = await runCli(["source:list", "--source", "crediticio"], env);
    expect(list.json.snapshots.map((s: { feed: string }) => s.feed)).toEqual(["bcra-deudores", "bcra-deudores"]);
  });
});
