import { sql, type SQL } from "drizzle-orm";
import { srcCrediticio, srcScreening } from "@/db/schema";
import type { PublishedColumn } from "./columns";

/**
 * A dataset computed from its parent's source table (publication applies the columns' casts around the query). It is published from the same source snapshot as the parent,
 * in the same step, so it always carries the parent's snapshot date.
 */
export interface DerivedView {
  columns: PublishedColumn[];
  /** The view's rows for one snapshot of the parent's source table. */
  query: (sourceSnapshotId: number) => SQL;
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

/** Matches scoring below this (0-100) are leads for an analyst, not findings. */
export const SCREENING_REVIEW_THRESHOLD = 90;

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
    query: (snapshotId) => sql`
      select ${c.periodo} as periodo,
             ${c.situacion} as situacion,
             ${SITUACION} as situacion_descripcion,
             count(distinct ${c.cuit}) as deudores,
             count(*) as operaciones,
             coalesce(sum(${c.monto}), 0) as monto_total_miles,
             coalesce(avg(${c.monto}), 0) as monto_promedio_miles,
             count(distinct ${c.cuit}) filter (where ${c.procesoJudicial}) as deudores_con_proceso_judicial
      from ${c}
      where ${c.snapshotId} = ${snapshotId}
      group by ${c.periodo}, ${c.situacion}
      order by ${c.periodo}, ${c.situacion}`,
  },
  "intl-sanciones-revision-manual": {
    columns: [
      column("cuit", "VARCHAR"),
      column("lista", "VARCHAR"),
      column("entry_uid", "VARCHAR"),
      column("nombre", "VARCHAR"),
      column("tipo_entrada", "VARCHAR"),
      column("programa", "VARCHAR", true),
      column("score_coincidencia", "DOUBLE", true),
      column("motivo_revision", "VARCHAR"),
    ],
    query: (snapshotId) => sql`
      select ${s.cuit} as cuit, ${s.lista} as lista, ${s.entryUid} as entry_uid, ${s.nombre} as nombre,
             ${s.tipoEntrada} as tipo_entrada, ${s.programa} as programa,
             ${s.scoreCoincidencia} as score_coincidencia,
             case when ${s.scoreCoincidencia} is null then 'sin puntaje' else 'puntaje bajo' end as motivo_revision
      from ${s}
      where ${s.snapshotId} = ${snapshotId}
        and (${s.scoreCoincidencia} is null or ${s.scoreCoincidencia} < ${SCREENING_REVIEW_THRESHOLD})
      order by ${s.scoreCoincidencia} nulls first, ${s.cuit}, ${s.entryUid}`,
  },
};
