"use server";

import { getDb } from "@/db/client";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { publicationStatus, startPublication, type PublicationView } from "@/lib/web/publications";
import { adminActionCaller } from "@/lib/web/session-action";

export type PublicationResult = { ok: true; publication: PublicationView } | { ok: false; message: string };

function refused(e: unknown): PublicationResult {
  if (e instanceof ApiError) return { ok: false, message: e.message };
  log().error({ err: e }, "publication action failed");
  return { ok: false, message: "Ocurrió un error inesperado. Probá de nuevo en unos segundos." };
}

/** Starts publishing a new snapshot of a dataset from its source, in this server process; audited. */
export async function startPublicationAction(datasetId: string): Promise<PublicationResult> {
  try {
    const { actor } = await adminActionCaller();
    return { ok: true, publication: await startPublication(await getDb(), datasetId, actor) };
  } catch (e) {
    return refused(e);
  }
}

/** The progress of a publication, polled by the console while it runs. */
export async function publicationStatusAction(jobId: string, datasetId: string): Promise<PublicationResult> {
  try {
    await adminActionCaller();
    return { ok: true, publication: await publicationStatus(await getDb(), jobId, datasetId) };
  } catch (e) {
    return refused(e);
  }
}
