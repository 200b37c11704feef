import { inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { datasets, type SourceName } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import { log } from "@/lib/log";
import { allSettledInOrder } from "@/lib/settled";
import type { DatasetDefinition } from "../define";
import { upsertDataset } from "../define";
import { publishDataset } from "../publish";
import { padron, riesgoFiscal } from "./arca";
import { centralDeudores, deudoresHistorico, deudoresPorSituacion } from "./bcra";
import { chequesRechazados } from "./cheques";
import { comex, concursos, marcas, sociedadesBoletin } from "./registros";
import { sanciones, sancionesRevision } from "./sanciones";

/** The demo catalog: the eight engine sources, two derived views and two datasets published from files. */
export const DEMO_CATALOG: readonly DatasetDefinition[] = [
  padron,
  centralDeudores,
  chequesRechazados,
  sanciones,
  comex,
  riesgoFiscal,
  marcas,
  concursos,
  deudoresPorSituacion,
  sancionesRevision,
  deudoresHistorico,
  sociedadesBoletin,
];

/** One demo dataset of each kind the visibility rules distinguish (`npm run admin -- demo:datasets`). */
export const DEMO_KINDS = {
  published: centralDeudores.id,
  parquet_only: padron.id,
  unpublished: deudoresHistorico.id,
  admin_only: sancionesRevision.id,
  plan_restricted: { id: comex.id, min_tier: comex.min_tier },
  no_snapshot: sociedadesBoletin.id,
  derived: deudoresPorSituacion.id,
};

/**
 * Loads the demo catalog and publishes a snapshot of every engine source that has data, the way an operator would
 * (derived views go along with their parent). Runs inside the boot seed on the pool it is given; each dataset is
 * published once `sourceLoaded` of its source resolves, so that publications overlap the loading of other sources
 * (a rejection, a failed load, fails the whole).
 * A failed publication is logged and skipped: the catalog stays usable and `dataset:publish` can retry it.
 */
export async function seedCatalog(db: Db, sourceLoaded: (source: SourceName) => Promise<void> = () => Promise.resolve()): Promise<void> {
  const started = performance.now();
  for (const definition of DEMO_CATALOG) await upsertDataset(db, definition);
  // Side by side: each dataset has its own snapshot folder and locks only its own row.
  const counts = await allSettledInOrder(
    DEMO_CATALOG.filter((d) => d.engine_source).map(async (definition) => {
      await sourceLoaded(definition.engine_source!);
      try {
        return (await publishDataset(db, definition.id)).length;
      } catch (err) {
        if (err instanceof DomainError && err.code === "sin_datos_de_fuente") log().info({ dataset: definition.id }, "no source data to publish yet");
        else log().error({ err, dataset: definition.id }, "demo publication failed");
        return 0;
      }
    }),
  );
  const published = counts.reduce((a, b) => a + b, 0);
  log().info({ datasets: DEMO_CATALOG.length, snapshots: published, ms: Math.round(performance.now() - started) }, "demo catalog loaded");
}

/** The ids of DEMO_KINDS, once checked to be in the catalog of this database. */
export async function demoDatasets(db: DbOrTx): Promise<typeof DEMO_KINDS> {
  const ids = [DEMO_KINDS.published, DEMO_KINDS.parquet_only, DEMO_KINDS.unpublished, DEMO_KINDS.admin_only, DEMO_KINDS.plan_restricted.id, DEMO_KINDS.no_snapshot, DEMO_KINDS.derived];
  const found = await db.select({ id: datasets.id }).from(datasets).where(inArray(datasets.id, ids));
  if (found.length !== ids.length) {
    throw new DomainError("demo_no_cargada", { text: "The demo catalog is not loaded in this database (it loads at the first boot of an empty one)." });
  }
  return DEMO_KINDS;
}
