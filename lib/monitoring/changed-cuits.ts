import type { DbOrTx } from "@/db/client";
import { SOURCE_TABLES, type SourceName } from "@/db/schema";
import { getTableName } from "drizzle-orm";
import { fileColumns } from "@/lib/sources/columns";
import { rawSql } from "@/db/raw";
import type { SourceRow } from "./summarize";

const tableOf = (source: SourceName) => getTableName(SOURCE_TABLES[source]);

/** Every column of the source's rows but the snapshot id, as a row value whose text is the row's content. */
const rowValue = (source: SourceName) => `row(${fileColumns(SOURCE_TABLES[source]).map((c) => `t."${c.name}"`).join(", ")})::text`;

const diffQueries = new Map<SourceName, string>();

/**
 * Watched CUITs whose rows differ between two snapshots, computed in Postgres: each side's rows of the watched CUITs
 * reduced to a count and a sum of 64-bit row hashes per CUIT (order-free, so duplicates count), then the two sides
 * compared. $1 new snapshot, $2 previous (0 for none).
 */
function diffQuery(source: SourceName): string {
  let q = diffQueries.get(source);
  if (!q) {
    q = `
      with w as (select distinct cuit from watchlist),
      h as (
        select t.snapshot_id, t.cuit, count(*) as n, sum(hashtextextended(${rowValue(source)}, 0)::numeric) as h
          from "${tableOf(source)}" t join w on w.cuit = t.cuit
         where t.snapshot_id in ($1::int, $2::int)
         group by t.snapshot_id, t.cuit)
      select coalesce(a.cuit, b.cuit) as cuit
        from (select * from h where snapshot_id = $1::int) a
        full join (select * from h where snapshot_id = $2::int) b on b.cuit = a.cuit
       where a.n is distinct from b.n or a.h is distinct from b.h`;
    diffQueries.set(source, q);
  }
  return q;
}

export async function changedCuits(db: DbOrTx, source: SourceName, snapshotId: number, previousId: number | null): Promise<string[]> {
  const rows = await rawSql(db).unsafe<{ cuit: string }[]>(diffQuery(source), [snapshotId, previousId ?? 0]);
  return rows.map((r) => r.cuit);
}

/** The rows of `cuits` in each snapshot, by CUIT: what the summaries compare. */
export async function rowsOf(
  db: DbOrTx,
  source: SourceName,
  snapshotIds: readonly number[],
  cuits: readonly string[],
): Promise<Map<number, Map<string, SourceRow[]>>> {
  const out = new Map<number, Map<string, SourceRow[]>>(snapshotIds.map((id) => [id, new Map()]));
  if (cuits.length === 0 || snapshotIds.length === 0) return out;
  const rows = await rawSql(db).unsafe<{ snapshot_id: number; cuit: string; r: SourceRow }[]>(
    `select t.snapshot_id, t.cuit, to_jsonb(t) - 'snapshot_id' as r from "${tableOf(source)}" t
      where t.snapshot_id = any($1::int[]) and t.cuit = any($2::text[])
      order by ${rowValue(source)}`,
    [`{${snapshotIds.join(",")}}`, `{${cuits.join(",")}}`],
  );
  for (const { snapshot_id, cuit, r } of rows) {
    const bySnapshot = out.get(snapshot_id)!;
    const list = bySnapshot.get(cuit);
    if (list) list.push(r);
    else bySnapshot.set(cuit, [r]);
  }
  return out;
}
