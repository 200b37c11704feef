import { srcMarcas } from "@/db/schema";
import type { Marca } from "@/lib/schemas/sections";
import { tableRead } from "../lookup";
import { defineSource } from "../types";

type Row = typeof srcMarcas.$inferSelect;

/** INPI trademarks by holder: a list source. */
export const marcas = defineSource<Row>({
  key: "marcas",
  blockKey: "marcas",
  listSource: true,
  table: tableRead(srcMarcas, "fecha_solicitud desc nulls last, acta"),
  build(rows, f) {
    const block: Marca[] = rows.map((r) => ({
      acta: r.acta,
      denominacion: r.denominacion,
      clase_niza: r.claseNiza,
      titular: r.titular,
      tipo_marca: r.tipoMarca,
      estado: r.estado,
      fecha_solicitud: r.fechaSolicitud,
      fecha_vencimiento: r.fechaVencimiento,
    }));
    if (rows.length === 0) return { fields: [f("Marcas registradas", 0)], block };
    const clases = [...new Set(rows.map((r) => r.claseNiza))].sort((a, b) => a - b);
    return {
      fields: [
        f("Marcas registradas", rows.length),
        f("Marcas concedidas", rows.filter((r) => r.estado === "CONCEDIDA").length),
        f("Marcas en trámite", rows.filter((r) => r.estado === "EN TRAMITE").length),
        f("Clases de Niza", clases.join(", ")),
        f("Denominaciones", [...new Set(rows.map((r) => r.denominacion))].slice(0, 10).join("; ")),
      ],
      block,
      missing: rows.some((r) => !r.fechaSolicitud) ? ["Fecha de solicitud"] : [],
    };
  },
  name: (rows) => rows[0]?.titular ?? null,
});
