import { formatCuit, PERSON_TYPES, validateCuit } from "@/lib/cuit";
import type { FileRow } from "@/lib/sources/registry";
import { nameKey } from "./names";

/** The lists the screening section reads, each its own feed (an import replaces that list's entries only). */
export const SCREENING_LISTS = { un: "ONU", repet: "RePET", ofac: "OFAC SDN" } as const;
export type ScreeningList = (typeof SCREENING_LISTS)[keyof typeof SCREENING_LISTS];

export const ENTRY_KINDS = ["persona", "entidad", "buque", "aeronave"] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export interface EntryDocument {
  /** As the list writes it: "Passport", "CUIT", "D.N.I.", "C.U.I.T."... */
  tipo: string;
  numero: string;
  pais?: string | null;
}

/** One entry of a sanctions list, as every list importer reads it before it becomes a src_screening row. */
export interface ScreeningEntry {
  lista: ScreeningList;
  /** The list's own id of the entry (UN DATAID, OFAC ent_num). */
  entryUid: string;
  /** The reference the list publishes (QDi.123, ArE.00005; OFAC's ent_num). */
  numeroReferencia: string | null;
  nombre: string;
  alias: string[];
  tipoEntrada: EntryKind;
  programa: string | null;
  /** YYYY-MM-DD. */
  fechaInclusion: string | null;
  documentos: EntryDocument[];
  nacionalidad: string | null;
  /** Free text: lists give exact dates, years or ranges ("1970-01-13; 1971"). */
  fechaNacimiento: string | null;
  observaciones: string | null;
}

const ARGENTINA = /^(AR|ARG|ARGENTINA|REPUBLICA ARGENTINA)$/;

/** Argentine CUIT/CUIL numbers of every document type the lists use for them (CUIT, C.U.I.T., CUIL...). */
const isCuitType = (tipo: string) => /^(CUIT|CUIL)\b/.test(tipo.replace(/[.\s]/g, "").toUpperCase());
const isDniType = (tipo: string) => {
  const t = tipo.replace(/[.\s]/g, "").toUpperCase();
  return t === "DNI" || t.includes("DNIARGENTINO") || t.startsWith("DOCUMENTONACIONALDEIDENTIDAD");
};
const plainCountry = (pais: string | null | undefined) =>
  (pais ?? "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toUpperCase().trim();

/**
 * The keys the engine looks a CUIT up by: `CUIT:<11 digits>` for a valid CUIT or CUIL, `DNI:<8 digits>` for an
 * Argentine DNI (a person's CUIL carries it in digits 3-10). A DNI issued by another country (Peru's is also
 * called DNI) gives no key; a document whose number is not a valid CUIT gives none either.
 */
export function documentKeys(documentos: readonly EntryDocument[]): string[] {
  const keys = new Set<string>();
  for (const d of documentos) {
    const digits = d.numero.replace(/\D/g, "");
    if (isCuitType(d.tipo)) {
      const cuit = validateCuit(digits);
      if (cuit.ok) keys.add(`CUIT:${cuit.cuit}`);
    } else if (isDniType(d.tipo) && (!d.pais || ARGENTINA.test(plainCountry(d.pais)))) {
      if (/^\d{7,8}$/.test(digits)) keys.add(`DNI:${digits.padStart(8, "0")}`);
    }
  }
  return [...keys].sort();
}

/** The keys an entry's documents would have to hold to name this CUIT: the CUIT itself, and a person's DNI (digits 3-10). */
export const cuitDocumentKeys = (cuit: string): string[] => [
  `CUIT:${cuit}`,
  ...((PERSON_TYPES as readonly string[]).includes(cuit.slice(0, 2)) ? [`DNI:${cuit.slice(2, 10)}`] : []),
];

const describeDocument = (d: EntryDocument) => {
  const digits = d.numero.replace(/\D/g, "");
  const numero = isCuitType(d.tipo) && validateCuit(digits).ok ? formatCuit(digits) : d.numero.trim();
  return `${d.tipo.trim()} ${numero}${d.pais ? ` (${d.pais.trim()})` : ""}`;
};

const joined = (values: readonly string[]) => (values.length ? values.join("; ") : null);

/**
 * The src_screening row of an entry. The name keys hold the normalized name and every alias (`|` between
 * variants): they are what the engine's token index and name score read.
 */
export function screeningRow(e: ScreeningEntry): FileRow {
  const alias = [...new Set(e.alias.map((a) => a.trim()).filter((a) => a && a !== e.nombre))];
  const keys = [...new Set([e.nombre, ...alias].map(nameKey).filter(Boolean))];
  const documentKeysOf = documentKeys(e.documentos);
  return {
    cuit: documentKeysOf.find((k) => k.startsWith("CUIT:"))?.slice(5) ?? null,
    lista: e.lista,
    entry_uid: e.entryUid,
    numero_referencia: e.numeroReferencia,
    nombre: e.nombre,
    nombre_normalizado: nameKey(e.nombre) || null,
    alias: joined(alias),
    claves_nombre: keys.join("|") || null,
    tipo_entrada: e.tipoEntrada,
    programa: e.programa,
    fecha_inclusion: e.fechaInclusion,
    documentos: joined(e.documentos.map(describeDocument)),
    claves_documento: documentKeysOf.join(" ") || null,
    nacionalidad: e.nacionalidad,
    fecha_nacimiento: e.fechaNacimiento,
    observaciones: e.observaciones,
  };
}

/** Spaces collapsed, empty as null: list files pad and break their values freely. A nested element is no value. */
export const clean = (value: unknown): string | null => {
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return null;
  const s = String(value).replace(/\s+/g, " ").trim();
  return s === "" ? null : s;
};
