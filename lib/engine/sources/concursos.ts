import { srcConcursos } from "@/db/schema";
import type { Concurso } from "@/lib/schemas/sections";
import { tableRead } from "../lookup";
import { defineSource } from "../types";

type Row = typeof srcConcursos.$inferSelect;

/**
 * One row per proceeding. The Boletín Oficial publishes an edict on several days, each a notice of its own: notices
 * of the same court, kind and case (or opening date) are one proceeding, cited by its newest notice.
 */
function proceedings(rows: readonly Row[]): Row[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = [r.tipoProceso, r.juzgado, r.expediente ?? r.fechaApertura].join("|");
    return !seen.has(key) && seen.add(key);
  });
}

/** Concursos y quiebras: a list source. */
export const concursos = defineSource<Row>({
  key: "concursos",
  blockKey: "concursos",
  listSource: true,
  table: tableRead(srcConcursos, "fecha_apertura desc, fecha_publicacion desc nulls last, aviso_id"),
  build(found, f) {
    const rows = proceedings(found);
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
        ...(last.avisoId ? [f("Aviso del Boletín Oficial", `${last.avisoId}${last.fechaPublicacion ? ` del ${last.fechaPublicacion}` : ""}`)] : []),
      ],
      block,
      missing: rows.some((r) => !r.expediente) ? ["Expediente"] : [],
    };
  },
  name: (rows) => rows[0]?.denominacion ?? null,
});
