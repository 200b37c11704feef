import type { SourceName } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import { SOURCE_NAMES } from "../registry";
import { arcaApoc } from "./arca-apoc";
import { arcaPadron } from "./arca-padron";
import { bcraChequesApi } from "./bcra-cheques-api";
import { bcraDeudasApi } from "./bcra-deudas-api";
import { bcraDeudores } from "./bcra-deudores";
import { bcraPadron } from "./bcra-padron";
import { boConcursos } from "./bo-concursos";
import { inpiMarcas } from "./inpi-marcas";
import { LEGAJO_CSV, legajoCsv } from "./legajo-csv";
import { ofacSdn } from "./ofac-sdn";
import { repet } from "./repet";
import type { Importer } from "./types";
import { unConsolidated } from "./un-consolidated";

/** Every published layout Legajo reads, by format name (`source:import --format`). */
export const IMPORTERS: Record<string, Importer> = {
  "arca-padron": arcaPadron,
  "bcra-padron": bcraPadron,
  "bcra-deudas-api": bcraDeudasApi,
  "bcra-deudores": bcraDeudores,
  "bcra-cheques-api": bcraChequesApi,
  "arca-apoc": arcaApoc,
  "un-consolidated": unConsolidated,
  repet,
  "ofac-sdn": ofacSdn,
  "inpi-marcas": inpiMarcas,
  "bo-concursos": boConcursos,
};

export const FORMAT_NAMES = (): string[] => [...Object.keys(IMPORTERS), LEGAJO_CSV].sort();

/**
 * The importer of a format. `legajo-csv` (our own CSV) reads any source, named by `source`; every other format
 * feeds one source, which `source` may name as a check.
 */
export function importerFor(format: string, source?: SourceName): Importer {
  if (format === LEGAJO_CSV) {
    if (!source) throw new DomainError("argumento_faltante", { text: `El formato ${LEGAJO_CSV} necesita --source (${SOURCE_NAMES.join(", ")}).` });
    return legajoCsv(source);
  }
  const importer = IMPORTERS[format];
  if (!importer) throw new DomainError("argumento_invalido", { text: `Formato "${format}" desconocido. Formatos: ${FORMAT_NAMES().join(", ")}.` });
  if (source && source !== importer.source) {
    throw new DomainError("argumento_invalido", { text: `El formato ${format} carga la fuente ${importer.source}, no ${source}.` });
  }
  return importer;
}
