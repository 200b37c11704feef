import type { Db } from "@/db/client";
import type { VerifiedCaller } from "@/lib/auth/caller";
import type { BatchQuote } from "@/lib/schemas/batches";
import { checkEntries, type CheckedEntry } from "./entries";
import { quoteBatch } from "./quote";
import { readUploadedList } from "./upload";

export interface BatchPreview {
  /** The entries as they will be sent on confirmation. */
  entradas: string[];
  filas: CheckedEntry[];
  cotizacion: BatchQuote;
}

/** The web's preview of an uploaded or pasted list: every row checked and the quote, before anything is charged. */
export async function previewList(db: Db, caller: VerifiedCaller, input: { file: File | null; text: string }): Promise<BatchPreview> {
  const entradas = await readUploadedList(input);
  const filas = await checkEntries(db, entradas);
  return { entradas, filas, cotizacion: await quoteBatch(db, caller, filas) };
}
