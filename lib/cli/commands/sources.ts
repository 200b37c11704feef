import fs from "node:fs";
import path from "node:path";
import { resolveCuitOrDni } from "@/lib/cuit";
import { runEngine } from "@/lib/engine";
import { DomainError } from "@/lib/errors";
import { localDay, now } from "@/lib/clock";
import { env } from "@/lib/env";
import { fetchBcra, readCuitList } from "@/lib/sources/fetch-bcra";
import { bcraChequesApi } from "@/lib/sources/formats/bcra-cheques-api";
import { bcraDeudasApi } from "@/lib/sources/formats/bcra-deudas-api";
import { FORMAT_NAMES, importerFor } from "@/lib/sources/formats";
import { importSource, loadSourceFile, type ImportResult } from "@/lib/sources/load";
import { demoOutcomes } from "@/lib/sources/demo/outcomes";
import { generateDemoFiles } from "@/lib/sources/demo/generate";
import { isSourceName, SOURCE_NAMES } from "@/lib/sources/registry";
import { listSnapshots } from "@/lib/sources/snapshots";
import type { Command } from "../command";
import { progressBar } from "../progress";

const sourceFlag = (value: string) => {
  if (isSourceName(value)) return value;
  throw new DomainError("argumento_invalido", { text: `--source must be one of ${SOURCE_NAMES.join(", ")}; got "${value}".` });
};

/** The summary an import prints: what went in, and every line it skipped. */
const summary = (r: ImportResult) => ({
  source: r.source,
  feed: r.feed,
  format: r.format,
  snapshot_id: r.snapshot_id,
  snapshot_date: r.snapshot_date,
  rows: r.rows,
  bad_lines: r.bad_lines,
  ms: r.ms,
});

const maxBadLines = (f: Parameters<Command["run"]>[0]) => {
  const n = f.integer("max-bad-lines", "optional") ?? 0;
  if (n < 0) throw new DomainError("argumento_invalido", { text: "--max-bad-lines must be 0 or more." });
  return n;
};

export const sourceCommands: Record<string, Command> = {
  "source:import": {
    usage: "source:import --format FORMAT --file PATH [--file PATH2...] [--source NAME] [--snapshot-date YYYY-MM-DD] [--max-bad-lines N]",
    summary: `Imports a publication in its published layout (${FORMAT_NAMES().join(", ")}) as a new snapshot of its feed, in one transaction.`,
    flags: ["format", "file", "source", "snapshot-date", "max-bad-lines"],
    async run(f, db) {
      const source = f.string("source", "optional");
      const importer = importerFor(f.string("format"), source === undefined ? undefined : sourceFlag(source));
      const files = f.strings("file").map((p) => path.resolve(p));
      const bar = progressBar(`source:import ${importer.format}`);
      try {
        const result = await importSource(db, {
          importer,
          files,
          snapshotDate: f.string("snapshot-date", "optional"),
          maxBadLines: maxBadLines(f),
          onProgress: (done, total) => bar.set(done, total),
        });
        return summary(result);
      } finally {
        bar.finish();
      }
    },
  },
  "source:fetch-bcra": {
    usage: "source:fetch-bcra --cuits FILE [--out DIR] [--snapshot-date YYYY-MM-DD] [--max-bad-lines N]",
    summary: "Asks the BCRA API (BCRA_API_URL) for each CUIT's debts, history and rejected cheques, keeps the raw responses, and imports them as new snapshots of both feeds in one transaction.",
    flags: ["cuits", "out", "snapshot-date", "max-bad-lines"],
    async run(f, db) {
      const cuits = readCuitList(path.resolve(f.string("cuits")));
      const stamp = now().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
      const outDir = path.resolve(f.string("out", "optional") ?? path.join(env().DATA_DIR, "bcra", stamp));
      const snapshotDate = f.string("snapshot-date", "optional");
      const maxBad = maxBadLines(f);
      const bar = progressBar("source:fetch-bcra", cuits.length * 3 + 1);
      let fetched;
      try {
        fetched = await fetchBcra({ cuits, outDir, baseUrl: env().BCRA_API_URL, onProgress: (done) => bar.set(done) });
      } finally {
        bar.finish();
      }
      // Both feeds become current together, or neither does.
      const [crediticio, cheques] = await db.transaction(async (tx) => [
        await importSource(tx, { importer: bcraDeudasApi, files: fetched.deudas, snapshotDate, maxBadLines: maxBad }),
        await importSource(tx, { importer: bcraChequesApi, files: fetched.cheques, snapshotDate, maxBadLines: maxBad }),
      ]);
      const { deudas: _d, cheques: _c, ...fetch } = fetched;
      return { fetch, imports: [summary(crediticio), summary(cheques)] };
    },
  },
  "source:load": {
    usage: "source:load --source NAME --file PATH --snapshot-date YYYY-MM-DD",
    summary: "Loads a source file in our own CSV layout (source:import --format legajo-csv) as a new snapshot, in one transaction.",
    flags: ["source", "file", "snapshot-date"],
    async run(f, db) {
      const source = sourceFlag(f.string("source"));
      const file = path.resolve(f.string("file"));
      const snapshotDate = f.string("snapshot-date");
      // The bar counts bytes of the file; the loader reports the missing-file error itself.
      const bar = progressBar(`source:load ${source}`, fs.existsSync(file) ? fs.statSync(file).size : undefined);
      try {
        return { ...(await loadSourceFile(db, { source, file, snapshotDate, onProgress: (bytes) => bar.set(bytes) })) };
      } finally {
        bar.finish();
      }
    },
  },
  "source:list": {
    usage: "source:list [--source NAME]",
    summary: "Lists the loaded snapshots, newest first; the first of each source is the one reports read.",
    flags: ["source"],
    async run(f, db) {
      const source = f.string("source", "optional");
      return { snapshots: await listSnapshots(db, source === undefined ? undefined : sourceFlag(source)) };
    },
  },
  "source:generate": {
    usage: "source:generate --out DIR [--cuits N] [--seed S] [--today YYYY-MM-DD]",
    summary: "Writes the demo source files in the publications' layouts (deterministic for a seed and size) without loading them.",
    flags: ["out", "cuits", "seed", "today"],
    needsDb: false,
    async run(f) {
      const dir = path.resolve(f.string("out"));
      const cuits = f.integer("cuits", "optional") ?? 3000;
      if (cuits < 1) throw new DomainError("argumento_invalido", { text: "--cuits must be at least 1." });
      const today = f.string("today", "optional") ?? localDay(now());
      if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new DomainError("argumento_invalido", { text: "--today must be YYYY-MM-DD." });
      fs.mkdirSync(dir, { recursive: true });
      const demo = await generateDemoFiles(dir, { cuits, seed: f.string("seed", "optional"), today });
      // Each step is one `source:import --format F --file ...` of the generated files, in load order.
      return { dir, steps: demo.steps };
    },
  },
  "demo:cuits": {
    usage: "demo:cuits [--limit N]",
    summary: "CUITs of the loaded data whose report is ok, parcial or no_resuelto, and DNIs that resolve to a known CUIL (classified by running the engine).",
    flags: ["limit"],
    async run(f, db) {
      const limit = f.integer("limit", "optional") ?? 30;
      if (limit < 1) throw new DomainError("argumento_invalido", { text: "--limit must be at least 1." });
      return { ...(await demoOutcomes(db, limit)) };
    },
  },
  "engine:report": {
    usage: "engine:report --cuit CUIT_OR_DNI",
    summary: "Runs the engine for one CUIT (or DNI) and prints the report, without charging or saving anything.",
    flags: ["cuit"],
    async run(f, db) {
      const check = await resolveCuitOrDni(db, f.string("cuit"));
      if (!check.ok) throw new DomainError("cuit_invalido", { text: check.message });
      return { ...(await runEngine(db, check.cuit)) };
    },
  },
};
