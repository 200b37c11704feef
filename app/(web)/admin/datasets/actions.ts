"use server";

import { z } from "zod";
import { publicationStatus, startPublication } from "@/lib/catalog/publications";
import { webCall } from "@/lib/web/action";

/** Starts publishing a new snapshot of a dataset from its source, in this server process; audited. */
export const startPublicationAction = webCall({ access: "admin", input: z.string() }, ({ input, db, actor }) =>
  startPublication(db, input, actor),
);

/** The progress of a publication, polled by the console while it runs. */
export const publicationStatusAction = webCall(
  { access: "admin", input: z.object({ jobId: z.string(), datasetId: z.string() }) },
  ({ input, db }) => publicationStatus(db, input.jobId, input.datasetId),
);
