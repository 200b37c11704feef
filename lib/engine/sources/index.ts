import type { EngineSource, SectionKey } from "../types";
import { cheques } from "./cheques";
import { comex } from "./comex";
import { concursos } from "./concursos";
import { crediticio } from "./crediticio";
import { identidad } from "./identidad";
import { marcas } from "./marcas";
import { riesgoFiscal } from "./riesgo-fiscal";
import { screening } from "./screening";

export const ENGINE_SOURCES: Record<SectionKey, EngineSource> = {
  identidad,
  crediticio,
  cheques,
  screening,
  comex,
  riesgoFiscal,
  marcas,
  concursos,
};
