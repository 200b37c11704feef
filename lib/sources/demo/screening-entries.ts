import { formatCuit } from "@/lib/cuit";
import { SCREENING_LISTS, type ScreeningEntry, type ScreeningList } from "../formats/screening-entry";
import type { Entity } from "./entities";
import type { Prng } from "./prng";
import * as W from "./words";

/**
 * A sanctions-list entry about a demo taxpayer, as the list would publish it: the name in the list's word order
 * ("JUAN CARLOS GOMEZ" for the padrón's "GOMEZ JUAN CARLOS"), sometimes an alias, and the taxpayer's CUIT or CUIL
 * among its documents, so the demo's reports find it by document. OFAC's CSV release has no listing date.
 */
export function demoScreeningEntry(rng: Prng, e: Entity, list: ScreeningList, listedOn: string): ScreeningEntry {
  const words = e.nombre.split(" ");
  const nombre = e.persona ? [...words.slice(1), words[0]].join(" ") : e.nombre.replace(/\s+S\.(A|R\.L|A\.S)\.$/, "");
  const uid = String(rng.int(10_000, 7_999_999));
  const reference =
    list === SCREENING_LISTS.ofac ? uid : list === SCREENING_LISTS.un ? `${e.persona ? "QDi" : "QDe"}.${rng.int(100, 450)}` : `${e.persona ? "ArI" : "ArE"}.${String(rng.int(1, 900)).padStart(5, "0")}`;
  const program = list === SCREENING_LISTS.ofac ? rng.pick(W.OFAC_PROGRAMAS) : rng.pick(W.ONU_PROGRAMAS);
  return {
    lista: list,
    entryUid: uid,
    numeroReferencia: reference,
    nombre,
    alias: rng.chance(0.4) ? [`${rng.pick(W.APELLIDOS)} ${words[words.length - 1]}`] : [],
    tipoEntrada: e.persona ? "persona" : "entidad",
    programa: rng.chance(0.04) ? null : program,
    fechaInclusion: list === SCREENING_LISTS.ofac ? null : listedOn,
    documentos: [{ tipo: e.persona ? (list === SCREENING_LISTS.ofac ? "C.U.I.L." : "CUIL") : list === SCREENING_LISTS.ofac ? "C.U.I.T." : "CUIT", numero: formatCuit(e.cuit), pais: "Argentina" }],
    nacionalidad: e.persona ? rng.pick(W.NACIONALIDADES) : null,
    fechaNacimiento: null,
    observaciones: null,
  };
}
