import { srcConcursos } from "@/db/schema";
import type { Concurso } from "@/lib/schemas/sections";
import { lookupBy } from "../lookup";
import { defineSource } from "../types";

type Row = typeof srcConcursos.$inferSelect;

/** Concursos y quiebras: a list source. */
export const concursos = defineSource<Row>({
  key: "concursos",
  blockKey: "concursos",
  listSource: true,
  lookup: lookupBy(srcConcursos, "fecha_apertura desc"),
  build(rows, f) {
    const block: Concurso[] = rows.map((r) => ({
      tipo_proceso: r.tipoProceso,
      juzgado: r.juzgado,
      secretaria: r.secretaria,
      expediente: r.expediente,
      fecha_apertura: r.fechaApertura,
      sindico: r.sindico,
      estado: r.estado,
      jurisdiccion: r.jurisdiccion,
      monto_pasivo: r.montoPasivo,
    }));
    if (rows.length === 0) return { fields: [f("Procesos concursales o de quiebra", 0)], block };
    const [last] = rows;
    return {
      fields: [
        f("Procesos concursales o de quiebra", rows.length),
        f("Último proceso", last.tipoProceso),
        f("Fecha de apertura", last.fechaApertura),
        f("Estado", last.estado),
        f("Juzgado", [last.juzgado, last.secretaria].filter(Boolean).join(", ")),
        f("Expediente", last.expediente),
        f("Síndico", last.sindico),
      ],
      block,
      missing: rows.some((r) => !r.expediente) ? ["Expediente"] : [],
    };
  },
  name: (rows) => rows[0]?.denominacion ?? null,
});
