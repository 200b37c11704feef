import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { resolveCuitOrDni } from "@/lib/cuit/dni";
import { runEngine } from "@/lib/engine";
import { currentSnapshots } from "../snapshots";
import { SOURCES } from "../registry";
import { companyCuit, personCuil, RANGES } from "./entities";

export interface DemoOutcomes {
  ok: string[];
  parcial: string[];
  no_resuelto: string[];
  dni: string[];
}

/** CUITs present in the current snapshot of any source, in a stable pseudo-random order (md5 of the CUIT). */
async function knownCuits(db: DbOrTx, where: "all" | "persons"): Promise<string[]> {
  const snapshots = await currentSnapshots(db);
  const parts = [...snapshots.entries()].map(
    // Screening's list entries mostly carry no CUIT.
    ([source, s]) => sql`select cuit from ${SOURCES[source].table} where snapshot_id in ${sql.raw(`(${s.ids.join(",")})`)} and cuit is not null`,
  );
  if (parts.length === 0) return [];
  const persons = where === "persons" ? sql`where substring(cuit, 1, 2) in ('20', '23', '27')` : sql``;
  const rows = await db.execute<{ cuit: string }>(
    sql`select cuit from (${sql.join(parts, sql` union `)}) known ${persons} order by md5(cuit) limit 5000`,
  );
  return rows.map((r) => r.cuit);
}

/** Valid CUITs from number ranges the demo generator never uses. */
function* unknownCuits(): Generator<string> {
  for (let i = 0; ; i++) {
    const step = i * 7_919;
    yield i % 2 === 0
      ? personCuil(RANGES.unknownDni[0] + (step % (RANGES.unknownDni[1] - RANGES.unknownDni[0])), i % 4 === 0 ? "M" : "F")
      : (companyCuit(RANGES.unknownCompany[0] + (step % (RANGES.unknownCompany[1] - RANGES.unknownCompany[0]))) ?? "");
  }
}

/**
 * `demo:cuits`: CUITs of the loaded data whose report is `ok`, `parcial` or `no_resuelto`, and DNIs that resolve to
 * a CUIL the data knows. Each is classified by running the engine, not by trusting the generator.
 */
export async function demoOutcomes(db: DbOrTx, limit = 30): Promise<DemoOutcomes> {
  const out: DemoOutcomes = { ok: [], parcial: [], no_resuelto: [], dni: [] };
  for (const cuit of await knownCuits(db, "all")) {
    if (out.ok.length >= limit && out.parcial.length >= limit) break;
    const { status } = await runEngine(db, cuit);
    if (status !== "no_resuelto" && out[status].length < limit) out[status].push(cuit);
  }
  let tries = 0;
  for (const cuit of unknownCuits()) {
    if (out.no_resuelto.length >= limit || tries++ > limit * 20) break;
    if (cuit && (await runEngine(db, cuit)).status === "no_resuelto") out.no_resuelto.push(cuit);
  }
  const seen = new Set<string>();
  // Half of them 23-prefixed CUILs, whose DNIs exercise the check-digit collision rule.
  const persons = await knownCuits(db, "persons");
  const [c23, rest] = [persons.filter((c) => c.startsWith("23")), persons.filter((c) => !c.startsWith("23"))];
  const interleaved = Array.from({ length: Math.max(c23.length, rest.length) }, (_, i) => [c23[i], rest[i]]).flat();
  for (const cuil of interleaved) {
    if (!cuil) continue;
    if (out.dni.length >= limit) break;
    const dni = String(Number(cuil.slice(2, 10)));
    if (seen.has(dni)) continue;
    seen.add(dni);
    const resolved = await resolveCuitOrDni(db, dni);
    if (resolved.ok && (await runEngine(db, resolved.cuit)).status !== "no_resuelto") out.dni.push(dni);
  }
  return out;
}
