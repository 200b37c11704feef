import { srcCrediticio } from "@/db/schema";
import type { Entidad } from "@/lib/schemas/sections";
import { plain, sum, yesNo } from "../format";
import { lookupBy } from "../lookup";
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

/** BCRA Central de Deudores: a list source; not being listed means no debt reported by any entity. */
export const crediticio = defineSource<Row>({
  key: "crediticio",
  blockKey: "entidades",
  listSource: true,
  lookup: lookupBy(srcCrediticio, "periodo desc, entidad_codigo"),
  build(rows, f) {
    if (rows.length === 0) {
      return { fields: [f("Deudas informadas", "Sin deudas informadas por entidades financieras")], block: [] };
    }
    // Only the latest period describes the current situation; earlier ones are history.
    const latest = rows.filter((r) => r.periodo === rows[0].periodo);
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
    }));
    return {
      fields: [
        f("Período informado", periodoLabel(latest[0].periodo)),
        f("Entidades informantes", latest.length),
        f("Peor situación", `${worst} - ${SITUACIONES[worst]}`),
        f("Deuda total (miles de $)", plain(sum(latest.map((r) => r.monto)))),
        f("Máximo de días de atraso", Math.max(...latest.map((r) => r.diasAtraso))),
        f("Refinanciaciones", yesNo(latest.some((r) => r.refinanciaciones))),
        f("Recategorización obligatoria", yesNo(latest.some((r) => r.recategorizacionObligatoria))),
        f("En proceso judicial", yesNo(latest.some((r) => r.procesoJudicial))),
      ],
      block: entidades,
    };
  },
  name: (rows) => rows.find((r) => r.denominacion)?.denominacion ?? null,
});
