import { notFound } from "next/navigation";
import { cache } from "react";
import type { Report } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { getDatasetDetail } from "@/lib/catalog/detail";
import type { Viewer } from "@/lib/catalog/visibility";
import { DomainError } from "@/lib/errors";
import { findReport } from "@/lib/reports/get";
import type { DatasetDetail } from "@/lib/schemas/catalog";
import { catalogViewer } from "./catalog";
import { currentCaller, requireCaller } from "./current-caller";
import { pageDb } from "./page-db";

/** A service's `not_found` as the site's 404 page; anything else goes on to the error page. */
function notFoundOn404(e: unknown): never {
  if (e instanceof DomainError && (e.code === "not_found" || e.code === "dataset_not_found")) notFound();
  throw e;
}

/**
 * The report of a report page, read once per request. The segment's layout calls it before anything streams, so a
 * missing report, a malformed id and another account's report all get the same real 404 (spec 4.3); the page
 * calls it again and gets the same promise.
 */
export const pageReport = cache(async (id: string): Promise<{ caller: Caller; report: Report }> => {
  const caller = await requireCaller(`/informes/${id}`);
  const report = await findReport(await pageDb(), caller, id).catch(notFoundOn404);
  return { caller, report };
});

/** The same for a dataset page: hidden, unpublished, above the plan or missing is one 404, as in the API. */
export const pageDataset = cache(async (id: string): Promise<{ caller: Caller | null; viewer: Viewer; detail: DatasetDetail }> => {
  const caller = await currentCaller();
  const viewer = catalogViewer(caller);
  const detail = await getDatasetDetail(await pageDb(), viewer, id).catch(notFoundOn404);
  return { caller, viewer, detail };
});
