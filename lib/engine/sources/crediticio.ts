import { srcCrediticio } from "@/db/schema";
import type { Entidad } from "@/lib/schemas/sections";
import { plain, sum, yesNo } from "../format";
import { tableRead } from "../lookup";
import { defineSource } from "../types";

type Row = typeof srcCrediticio.$inferSelect;

/** BCRA's names of the six situations (Comunicación "A" 2729 and successors). */
export const SITUACIONES: Record<number, string> = {
  1: "Normal",
  2: "Con seguimiento especial / Riesgo bajo",
  3: "Con problemas / Riesgo medio",
  4: "Con alto riesgo de insolvencia / Riesgo alto",
  5: "Irrecuperable",
  6: "Irrecuperable por disposición técnica",
};

const periodoLabel = (p: string) => `${p.slice(0, 4)}-${p.slice(4, 6)}`;
const monthIndex = (p: string) => Number(p.slice(0, 4)) * 12 + Number(p.slice(4, 6)) - 1;

const FLAGS: [keyof Row, string][] = [
  ["refinanciaciones", "refinanciaciones"],
  ["recategorizacionObligatoria", "recategorización obligatoria"],
  ["situacionJuridica", "situación jurídica (concordato, concurso o quiebra)"],
  ["irrecuperableDisposicionTecnica", "irrecuperable por disposición técnica"],
  ["enRevision", "en revisión"],
  ["procesoJudicial", "en proceso judicial"],
];

/** One lender's line: situación, amount with its unit, days overdue and the flags that are set. */
function describe(r: Row): string {
  const parts = [`situación ${r.situacion} - ${SITUACIONES[r.situacion] ?? r.situacion}`, `${plain(r.monto)} miles de $`];
  if (r.diasAtraso) parts.push(`${r.diasAtraso} días de atraso`);
  if (r.fechaSit1) parts.push(`en situación 1 desde ${r.fechaSit1}`);
  for (const [key, label] of FLAGS) if (r[key] === true) parts.push(label);
  return parts.join(" · ");
}

/** The worst situación of the periods within `months` of the newest one (the newest included). */
const worstWithin = (rows: readonly Row[], newest: string, months: number) =>
  Math.max(...rows.filter((r) => monthIndex(newest) - monthIndex(r.periodo) < months).map((r) => r.situacion));

/** BCRA Central de Deudores: a list source; not being listed means no debt reported by any entity. */
export const crediticio = defineSource<Row>({
  key: "crediticio",
  blockKey: "entidades",
  listSource: true,
  table: tableRead(srcCrediticio, "periodo desc, entidad_codigo, entidad_nombre"),
  build(rows, f) {
    if (rows.length === 0) {
      return { fields: [f("Deudas informadas", "Sin deudas informadas por entidades financieras")], block: [] };
    }
    // Only the latest period describes the current situation; earlier ones are history.
    const newest = rows[0].periodo;
    const latest = rows.filter((r) => r.periodo === newest);
    const worst = Math.max(...latest.map((r) => r.situacion));
    const entidades: Entidad[] = latest.map((r) => ({
      entidad_codigo: r.entidadCodigo,
      entidad: r.entidadNombre,
      periodo: r.periodo,
      situacion: r.situacion,
      situacion_descripcion: SITUACIONES[r.situacion] ?? String(r.situacion),
      monto_miles_pesos: r.monto,
      dias_atraso: r.diasAtraso,
      refinanciaciones: r.refinanciaciones,
      recategorizacion_obligatoria: r.recategorizacionObligatoria,
      situacion_juridica: r.situacionJuridica,
      irrecuperable_disposicion_tecnica: r.irrecuperableDisposicionTecnica,
      proceso_judicial: r.procesoJudicial,
      en_revision: r.enRevision,
      fecha_sit1: r.fechaSit1,
    }));
    const fields = [
      f("Período informado", periodoLabel(newest)),
      f("Entidades informantes", latest.length),
      f("Peor situación", `${worst} - ${SITUACIONES[worst]}`),
      f("Deuda total (miles de $)", plain(sum(latest.map((r) => r.monto)))),
      f("Máximo de días de atraso", Math.max(...latest.map((r) => r.diasAtraso ?? 0))),
      f("Refinanciaciones", yesNo(latest.some((r) => r.refinanciaciones))),
      f("Recategorización obligatoria", yesNo(latest.some((r) => r.recategorizacionObligatoria))),
      f("Situación jurídica", yesNo(latest.some((r) => r.situacionJuridica))),
      f("En proceso judicial", yesNo(latest.some((r) => r.procesoJudicial))),
    ];
    const periods = new Set(rows.map((r) => r.periodo));
    if (periods.size > 1) {
      const w12 = worstWithin(rows, newest, 12);
      const w24 = worstWithin(rows, newest, 24);
      fields.push(
        f("Peor situación en los últimos 12 meses", `${w12} - ${SITUACIONES[w12]}`),
        f("Peor situación en los últimos 24 meses", `${w24} - ${SITUACIONES[w24]}`),
        f("Períodos con historia", periods.size),
      );
    }
    for (const r of latest) fields.push(f(`${r.entidadNombre} (${periodoLabel(r.periodo)})`, describe(r)));
    return { fields, block: entidades };
  },
  name: (rows) => rows.find((r) => r.denominacion)?.denominacion ?? null,
});
