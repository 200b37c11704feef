import type { Section, Sections } from "@/lib/schemas/sections";

/** One thing a reader must see first, pointing at the section that proves it (its anchor on the report page). */
export interface RedFlag {
  key: "crediticio" | "cheques" | "screening" | "apoc" | "concursos" | "arca";
  severity: "alta" | "media";
  title: string;
  detail: string;
  /** The report section it comes from, which is also the id of its block on the page. */
  section: keyof Sections;
}

/** Situations BCRA calls anything but normal (1); 3 and above are the non-performing ones. */
const SITUACION = ["", "normal", "con seguimiento especial / riesgo bajo", "con problemas / riesgo medio", "con alto riesgo de insolvencia", "irrecuperable", "irrecuperable por disposición técnica"];

/** Lower case, no accents: labels are matched by meaning, so a reworded label still counts. */
const fold = (s: string): string => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** A number in a field value: "3", "628111.5", "$ 628.111,50" (es-AR). Null when there is none. */
export function numberIn(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = /-?\d[\d.,]*/.exec(value);
  if (!m) return null;
  let s = m[0];
  // es-AR writes "1.234,5": a comma after the last dot is the decimal mark.
  if (s.includes(",") && s.lastIndexOf(",") > s.lastIndexOf(".")) s = s.replace(/\./g, "").replace(",", ".");
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, "");
  else s = s.replace(/,/g, "");
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** Sections a source answered for; an unavailable one says nothing, so it raises nothing. */
const answered = <S extends Section>(s: S | undefined): S | undefined => (s && s.status !== "no_disponible" ? s : undefined);

const fieldValue = (s: Section, test: (label: string) => boolean): string | null | undefined => s.fields.find((f) => test(fold(f.label)))?.value;

const money = (n: number): string => `$ ${new Intl.NumberFormat("es-AR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;

function crediticio(s: Sections["crediticio"]): RedFlag | null {
  const section = answered(s);
  if (!section) return null;
  const entidades = section.entidades ?? [];
  let worst = entidades.reduce<(typeof entidades)[number] | null>((w, e) => (!w || e.situacion > w.situacion || (e.situacion === w.situacion && e.monto_miles_pesos > w.monto_miles_pesos) ? e : w), null);
  let lender = worst?.entidad ?? null;
  let situacion = worst?.situacion ?? null;
  if (situacion === null) {
    // No block (an older report, or a reworded source): the worst situation field, "3 - Con problemas".
    situacion = numberIn(fieldValue(section, (l) => l.includes("peor situacion")));
    worst = null;
    lender = null;
  }
  if (situacion === null || situacion < 2) return null;
  const word = SITUACION[situacion] ?? `situación ${situacion}`;
  return {
    key: "crediticio",
    severity: situacion >= 3 ? "alta" : "media",
    title: `Situación ${situacion} en el BCRA (${word})`,
    detail: lender ? `Su peor situación la informa ${lender}${worst ? `, por ${money(worst.monto_miles_pesos * 1000)}` : ""}.` : "Es la peor situación que informan las entidades financieras.",
    section: "crediticio",
  };
}

function cheques(s: Sections["cheques"]): RedFlag | null {
  const section = answered(s);
  if (!section) return null;
  const lines = section.fields.filter((f) => /^cheque n/.test(fold(f.label)));
  const unpaidLines = lines.filter((f) => /sin pagar|impago/.test(fold(f.value ?? "")));
  const counted = numberIn(fieldValue(section, (l) => /(sin pagar|impagos?)$/.test(l) && l.startsWith("cheques")));
  const unpaid = counted ?? unpaidLines.length;
  if (unpaid <= 0) return null;
  const total = numberIn(fieldValue(section, (l) => l.startsWith("monto") && /sin pagar|impago/.test(l)));
  return {
    key: "cheques",
    severity: "alta",
    title: `${unpaid} ${unpaid === 1 ? "cheque rechazado sin pagar" : "cheques rechazados sin pagar"}`,
    detail: total === null ? "Rechazados por el banco y todavía sin pagar." : `Suman ${money(total)} sin pagar.`,
    section: "cheques",
  };
}

function screening(s: Sections["screening"]): RedFlag | null {
  const section = answered(s);
  if (!section) return null;
  const count = numberIn(fieldValue(section, (l) => l.startsWith("coincidencias")));
  if (!count) return null;
  return {
    key: "screening",
    severity: "alta",
    title: `${count} ${count === 1 ? "coincidencia" : "coincidencias"} en listas de sanciones`,
    detail: "Revisá cada coincidencia: puede ser por documento o por nombre.",
    section: "screening",
  };
}

function apoc(s: Sections["riesgoFiscal"]): RedFlag | null {
  const section = answered(s);
  if (!section) return null;
  const names = section.riesgoFiscal?.listas.map((l) => l.lista) ?? section.fields.map((f) => f.label);
  const listed = names.find((n) => /apoc|apocrif/.test(fold(n)));
  if (!listed) return null;
  return { key: "apoc", severity: "alta", title: "En la base APOC de facturas apócrifas", detail: `Figura en ${listed}.`, section: "riesgoFiscal" };
}

function concursos(s: Sections["concursos"]): RedFlag | null {
  const section = answered(s);
  if (!section) return null;
  const procesos = section.concursos ?? null;
  const count = procesos ? procesos.length : (numberIn(fieldValue(section, (l) => l.includes("concursal") || l.includes("quiebra"))) ?? 0);
  if (count <= 0) return null;
  const kinds = procesos ? [...new Set(procesos.map((p) => p.tipo_proceso.toLowerCase()))].join(", ") : null;
  return {
    key: "concursos",
    severity: "alta",
    title: `${count} ${count === 1 ? "proceso concursal o de quiebra" : "procesos concursales o de quiebra"}`,
    detail: kinds ? `Tipo: ${kinds}.` : "Abiertos ante la justicia comercial.",
    section: "concursos",
  };
}

function arca(s: Sections["identidad"]): RedFlag | null {
  const section = answered(s);
  if (!section) return null;
  const estado = fieldValue(section, (l) => l.startsWith("estado") && (l.includes("cuit") || l.includes("clave")));
  const baja = fieldValue(section, (l) => l.startsWith("dada de baja"));
  const inactive = (estado && !/^activ[oa]\b/.test(fold(estado).trim())) || (baja && fold(baja).startsWith("si"));
  if (!inactive) return null;
  return {
    key: "arca",
    severity: "media",
    title: `CUIT no activa en ARCA${estado ? ` (${estado.toLowerCase()})` : ""}`,
    detail: baja && fold(baja).startsWith("si") ? `Dada de baja: ${baja}.` : "El padrón de ARCA no la informa como activa.",
    section: "identidad",
  };
}

/**
 * What matters first in a report, computed from its sections only (so an old stored report gets it too): the worst
 * BCRA situation and its lender, unpaid rejected cheques and their total, sanctions matches, an APOC listing,
 * insolvency proceedings and a CUIT not active in ARCA. Most severe first; empty when nothing is wrong.
 */
export function redFlags(sections: Sections): RedFlag[] {
  const flags = [
    screening(sections.screening),
    concursos(sections.concursos),
    cheques(sections.cheques),
    crediticio(sections.crediticio),
    apoc(sections.riesgoFiscal),
    arca(sections.identidad),
  ].filter((f): f is RedFlag => f !== null);
  return flags.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "alta" ? -1 : 1));
}
