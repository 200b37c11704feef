import type { Tx } from "@/db/client";
import { readyBoss } from "@/lib/jobs/boss";
import { enqueue } from "@/lib/jobs/enqueue";
import { rawSql } from "@/db/raw";

/**
 * $1: the snapshot just loaded. A scan when the snapshot becomes its feed's current one (no snapshot of the feed
 * has a later date), against the feed's current one until now. Nothing when no account watches anything: a watch
 * added later starts from whatever is current then, so there is nothing to compare for it.
 */
const ANNOUNCE = `
  insert into monitoring_scans (snapshot_id, previous_id)
  select s.id, (select p.id from source_snapshots p
                 where p.source = s.source and p.feed = s.feed and p.id <> s.id
                 order by p.snapshot_date desc, p.id desc limit 1)
    from source_snapshots s
   where s.id = $1
     and not exists (select 1 from source_snapshots n
                      where n.source = s.source and n.feed = s.feed and n.snapshot_date > s.snapshot_date)
     and exists (select 1 from watchlist)
  returning id`;

/**
 * The one hook of the source loader, in the import's transaction: the change-detection job exists exactly when the
 * snapshot becomes current, whether it came from source:import, source:load, the BCRA fetcher or the demo.
 */
export async function announceSnapshot(tx: Tx, snapshotId: number): Promise<number | null> {
  const [scan] = await rawSql(tx).unsafe<{ id: number }[]>(ANNOUNCE, [snapshotId]);
  if (!scan) return null;
  await readyBoss();
  await enqueue(tx, "monitoring", { scan_id: scan.id }, `scan:${scan.id}`);
  return scan.id;
}
