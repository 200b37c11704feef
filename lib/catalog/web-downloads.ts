import type { Account, Plan, SnapshotFormat } from "@/db/schema";
import { mayDownloadSnapshots } from "./snapshot-link";

/**
 * What the web lets an account download, as the plans table sells it: Parquet where `parquet_enabled`, and CSV within
 * `csv_downloads_monthly` (null: unlimited, 0: not included). The plans of the API's snapshot gate (spec 5.5) and
 * admins download both formats without a count. The API keeps its own gate; this is the web's.
 */
export interface WebDownloadRights {
  parquet: boolean;
  /** CSV downloads a month: null unlimited, 0 none. */
  csvMonthly: number | null;
}

export function webDownloadRights(account: Pick<Account, "planTier" | "isAdmin">, plan: Pick<Plan, "parquetEnabled" | "csvDownloadsMonthly"> | null): WebDownloadRights {
  if (mayDownloadSnapshots(account)) return { parquet: true, csvMonthly: null };
  if (!plan) return { parquet: false, csvMonthly: 0 };
  return { parquet: plan.parquetEnabled, csvMonthly: plan.csvDownloadsMonthly };
}

/** Whether the rights include the format at all (a spent CSV quota still "includes" CSV: it renews next month). */
export const includesFormat = (rights: WebDownloadRights, format: SnapshotFormat): boolean => (format === "parquet" ? rights.parquet : rights.csvMonthly !== 0);

export const downloadsAnything = (rights: WebDownloadRights): boolean => rights.parquet || rights.csvMonthly !== 0;
