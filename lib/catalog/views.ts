import { sql, type SQL } from "drizzle-orm";
import { srcCrediticio, srcScreening } from "@/db/schema";
import type { PublishedColumn } from "./columns";
import { inSnapshots } from "./row-stream";

/**
 * A dataset computed from its parent's source table (publication applies the columns' casts around the query). It is published from the same source snapshots as the parent,
 * in the same step, so it always carries the parent's snapshot date.
 */
export interface DerivedView {
  columns: PublishedColumn[];
  /** The view's rows for the parent's source table snapshots (the current one of each feed). */
  query: (sourceSnapshotIds: readonly number[]) => SQL;
}

const column = (name: string, type: PublishedColumn["type"], nullable = false): PublishedColumn => ({ name, type, nullable });

const c = srcCrediticio;
const s = srcScreening;

/** Names of the BCRA situations; commercial and consumer portfolios name 2-4 differently, both are given. */
const SITUACION = sql`case ${c.situacion}
  when 1 then 'Normal'
  when 2 then 'Seguimiento especial / riesgo bajo'
  when 3 then 'Con problemas / riesgo medio'
  when 4 then 'Alto riesgo de insolvencia / riesgo alto'
  when 5 then 'Irrecuperable'
  when 6 then 'Irrecuperable por disposición técnica'
  else 'Desconocida' end`;

export const DERIVED_VIEWS: Record<string, DerivedView> = {
  "ar-bcra-deudores-por-situacion": {
    columns: [
      column("periodo", "VARCHAR"),
      column("situacion", "SMALLINT"),
      column("situacion_descripcion", "VARCHAR"),
      column("deudores", "BIGINT"),
      column("operaciones", "BIGINT"),
      column("monto_total_miles", "DOUBLE"),
      column("monto_promedio_miles", "DOUBLE"),
      column("deudores_con_proceso_judicial", "BIGINT"),
    ],
    query: (snapshotIds) => sql`
      select ${c.periodo} as periodo,
             ${c.situacion} as situacion,
             ${SITUACION} as situacion_descripcion,
             count(distinct ${c.cuit}) as deudores,
             count(*) as operaciones,
             coalesce(sum(${c.monto}), 0) as monto_total_miles,
             coalesce(avg(${c.monto}), 0) as monto_promedio_miles,
             count(distinct ${c.cuit}) filter (where ${c.procesoJudicial}) as deudores_con_proceso_judicial
      from ${c}
      where ${inSnapshots(c.snapshotId, snapshotIds)}
      group by ${c.periodo}, ${c.situacion}
      order by ${c.periodo}, ${c.situacion}`,
  },
  // Entries no document can match (no CUIT, CUIL or Argentine DNI): a match with them is by name only, for an analyst.
  "intl-sanciones-revision-manual": {
    columns: [
      column("lista", "VARCHAR"),
      column("entry_uid", "VARCHAR"),
      column("numero_referencia", "VARCHAR", true),
      column("nombre", "VARCHAR"),
      column("alias", "VARCHAR", true),
      column("tipo_entrada", "VARCHAR"),
      column("programa", "VARCHAR", true),
      column("nacionalidad", "VARCHAR", true),
      column("fecha_nacimiento", "VARCHAR", true),
      column("motivo_revision", "VARCHAR"),
    ],
    query: (snapshotIds) => sql`
      select ${s.lista} as lista, ${s.entryUid} as entry_uid, ${s.numeroReferencia} as numero_referencia,
             ${s.nombre} as nombre, ${s.alias} as alias, ${s.tipoEntrada} as tipo_entrada, ${s.programa} as programa,
             ${s.nacionalidad} as nacionalidad, ${s.fechaNacimiento} as fecha_nacimiento,
             'solo coincide por nombre' as motivo_revision
      from ${s}
      where ${inSnapshots(s.snapshotId, snapshotIds)} and ${s.clavesDocumento} is null and ${s.tipoEntrada} in ('persona', 'entidad')
      order by ${s.lista}, ${s.nombre}, ${s.entryUid}`,
  },
};
