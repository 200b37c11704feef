import { srcScreening } from "@/db/schema";
import { plain } from "../format";
import { lookupBy } from "../lookup";
import { defineSource } from "../types";

type Row = typeof srcScreening.$inferSelect;

const describe = (r: Row) =>
  [
    r.nombre,
    r.programa && `programa ${r.programa}`,
    r.fechaInclusion && `incluido el ${r.fechaInclusion}`,
    r.scoreCoincidencia !== null && `coincidencia ${plain(r.scoreCoincidencia)}%`,
  ]
    .filter(Boolean)
    .join(" · ");

/** Sanctions and PEP lists (OFAC SDN, UN consolidated, local PEP register): a list source. */
export const screening = defineSource<Row>({
  key: "screening",
  listSource: true,
  lookup: lookupBy(srcScreening, "lista, entry_uid"),
  build(rows, f) {
    if (rows.length === 0) return { fields: [f("Coincidencias en listas de sanciones y PEP", "Sin coincidencias")] };
    return {
      fields: [f("Coincidencias en listas de sanciones y PEP", rows.length), ...rows.map((r) => f(r.lista, describe(r)))],
      missing: rows.some((r) => !r.programa || !r.fechaInclusion) ? ["Programa o fecha de inclusión"] : [],
    };
  },
});
