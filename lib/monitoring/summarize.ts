import type { Severidad, SourceName } from "@/db/schema";
import type { SectionChange } from "@/lib/schemas/monitoring";

/** A source row as read for the comparison: database column names, values as JSON gives them. */
export type SourceRow = Record<string, unknown>;

interface Change {
  text: string;
  severidad: Severidad;
}

const RANK: Record<Severidad, number> = { alta: 2, media: 1, info: 0 };

/** The graver of severities. */
export const worst = (list: readonly Severidad[]): Severidad => list.reduce<Severidad>((a, b) => (RANK[b] > RANK[a] ? b : a), "info");

/** A column's value as text; JSON gives scalars only, but an object would still print as itself. */
const str = (v: unknown): string => (v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : `${v as string | number | boolean}`);
const money = (v: unknown) => Number(v ?? 0).toLocaleString("es-AR", { maximumFractionDigits: 2 });

/** Rows by a key; later rows of a key are kept apart by their position, so duplicates still compare. */
function byKey(rows: readonly SourceRow[], key: (r: SourceRow) => string): Map<string, SourceRow> {
  const out = new Map<string, SourceRow>();
  for (const r of rows) {
    let k = key(r);
    for (let i = 2; out.has(k); i++) k = `${key(r)}#${i}`;
    out.set(k, r);
  }
  return out;
}

const same = (a: SourceRow, b: SourceRow) => JSON.stringify(a) === JSON.stringify(b);

/** Compares keyed rows: `added`, `gone` and `changed` say what each difference means. */
function compare(
  before: readonly SourceRow[],
  after: readonly SourceRow[],
  key: (r: SourceRow) => string,
  say: { added(r: SourceRow): Change; gone(r: SourceRow): Change; changed(a: SourceRow, b: SourceRow): Change | null },
): Change[] {
  const a = byKey(before, key);
  const b = byKey(after, key);
  const out: Change[] = [];
  for (const [k, row] of b) {
    const old = a.get(k);
    if (!old) out.push(say.added(row));
    else if (!same(old, row)) {
      const c = say.changed(old, row);
      if (c) out.push(c);
    }
  }
  for (const [k, row] of a) if (!b.has(k)) out.push(say.gone(row));
  return out;
}

/** BCRA: the newest period of each side, by lender. Situación 3 or worse is `alta`; any other worsening `media`. */
function crediticio(before: readonly SourceRow[], after: readonly SourceRow[]): Change[] {
  const newest = (rows: readonly SourceRow[]) => {
    const top = rows.reduce((m, r) => (str(r.periodo) > m ? str(r.periodo) : m), "");
    return rows.filter((r) => str(r.periodo) === top);
  };
  const entidad = (r: SourceRow) => str(r.entidad_nombre) || `entidad ${str(r.entidad_codigo)}`;
  const changes = compare(newest(before), newest(after), (r) => str(r.entidad_codigo), {
    added: (r) => ({
      text: `Nueva deuda en ${entidad(r)} en situación ${str(r.situacion)}`,
      severidad: Number(r.situacion) >= 3 ? "alta" : Number(r.situacion) >= 2 ? "media" : "info",
    }),
    gone: (r) => ({ text: `${entidad(r)} ya no informa deuda`, severidad: "info" }),
    changed(a, b) {
      const from = Number(a.situacion);
      const to = Number(b.situacion);
      if (from !== to) {
        return { text: `Situación BCRA pasó de ${from} a ${to} en ${entidad(b)}`, severidad: to > from ? (to >= 3 ? "alta" : "media") : "info" };
      }
      if (Number(b.dias_atraso ?? 0) > Number(a.dias_atraso ?? 0)) {
        return { text: `Más días de atraso en ${entidad(b)}: ${str(b.dias_atraso)}`, severidad: "media" };
      }
      if (Number(a.monto) !== Number(b.monto)) {
        return { text: `Deuda en ${entidad(b)} pasó de ${money(a.monto)} a ${money(b.monto)} miles de $`, severidad: "info" };
      }
      return { text: `Cambió lo informado por ${entidad(b)}`, severidad: "info" };
    },
  });
  // Only older periods moved (the history): still a change of the source's rows.
  return changes.length ? changes : [{ text: "Se actualizó la historia crediticia", severidad: "info" }];
}

function cheques(before: readonly SourceRow[], after: readonly SourceRow[]): Change[] {
  const where = (r: SourceRow) => str(r.entidad_nombre) || str(r.entidad_codigo);
  return compare(before, after, (r) => `${str(r.entidad_codigo)}:${str(r.numero_cheque)}`, {
    added: (r) =>
      r.fecha_pago
        ? { text: `Nuevo cheque rechazado (ya pagado) por $ ${money(r.monto)} en ${where(r)}`, severidad: "media" }
        : { text: `Nuevo cheque rechazado sin pagar por $ ${money(r.monto)} en ${where(r)}`, severidad: "alta" },
    gone: (r) => ({ text: `Ya no figura el cheque N° ${str(r.numero_cheque)}`, severidad: "info" }),
    changed: (a, b) =>
      !a.fecha_pago && b.fecha_pago
        ? { text: `Se pagó el cheque N° ${str(b.numero_cheque)}`, severidad: "info" }
        : { text: `Cambió el cheque N° ${str(b.numero_cheque)}`, severidad: "info" },
  });
}

const isApoc = (lista: string) => /apoc/i.test(lista);

function riesgoFiscal(before: readonly SourceRow[], after: readonly SourceRow[]): Change[] {
  return compare(before, after, (r) => str(r.lista), {
    added: (r) => (isApoc(str(r.lista)) ? { text: "Incluido en la base APOC", severidad: "alta" } : { text: `Incluido en ${str(r.lista)}`, severidad: "media" }),
    gone: (r) => ({ text: `Excluido de ${isApoc(str(r.lista)) ? "la base APOC" : str(r.lista)}`, severidad: "info" }),
    changed: (_a, b) => ({ text: `Cambió la inclusión en ${str(b.lista)}`, severidad: "info" }),
  });
}

function concursos(before: readonly SourceRow[], after: readonly SourceRow[]): Change[] {
  return compare(before, after, (r) => str(r.expediente) || str(r.aviso_id) || `${str(r.juzgado)}:${str(r.fecha_apertura)}`, {
    added: (r) => ({ text: `Nuevo proceso: ${str(r.tipo_proceso)} en ${str(r.juzgado)}`, severidad: "alta" }),
    gone: (r) => ({ text: `Ya no figura el proceso ${str(r.tipo_proceso)} en ${str(r.juzgado)}`, severidad: "info" }),
    changed: (a, b) =>
      str(a.estado) !== str(b.estado)
        ? { text: `Proceso ${str(b.tipo_proceso)} pasó de ${str(a.estado) || "sin estado"} a ${str(b.estado) || "sin estado"}`, severidad: "info" }
        : { text: `Cambió el proceso ${str(b.tipo_proceso)}`, severidad: "info" },
  });
}

const IDENTITY_LABELS: Record<string, string> = {
  denominacion: "denominación",
  actividad_principal_codigo: "actividad principal",
  domicilio_calle: "domicilio",
  domicilio_localidad: "domicilio",
  domicilio_provincia: "domicilio",
  domicilio_codigo_postal: "domicilio",
  impuesto_ganancias: "ganancias",
  impuesto_iva: "IVA",
  monotributo_categoria: "monotributo",
  empleador: "condición de empleador",
  forma_juridica: "forma jurídica",
};

function identidad(before: readonly SourceRow[], after: readonly SourceRow[]): Change[] {
  const [a] = before;
  const [b] = after;
  if (!a && b) return [{ text: "Incorporado al padrón", severidad: "info" }];
  if (a && !b) return [{ text: "Ya no figura en el padrón", severidad: "media" }];
  if (!a || !b) return [];
  const out: Change[] = [];
  if (str(a.estado_clave) !== str(b.estado_clave)) {
    const worse = str(a.estado_clave).toUpperCase() === "ACTIVO" && str(b.estado_clave).toUpperCase() !== "ACTIVO";
    out.push({ text: `Estado de la CUIT pasó de ${str(a.estado_clave)} a ${str(b.estado_clave)}`, severidad: worse ? "media" : "info" });
  }
  if (!a.baja && b.baja) out.push({ text: "Dada de baja en el padrón", severidad: "media" });
  if (!a.fecha_fallecimiento && b.fecha_fallecimiento) out.push({ text: `Fallecimiento informado (${str(b.fecha_fallecimiento)})`, severidad: "media" });
  const moved = [...new Set(Object.keys(IDENTITY_LABELS).filter((k) => str(a[k]) !== str(b[k])).map((k) => IDENTITY_LABELS[k]))];
  if (moved.length) out.push({ text: `Cambió: ${moved.join(", ")}`, severidad: "info" });
  return out.length ? out : [{ text: "Se actualizaron datos del padrón", severidad: "info" }];
}

function comex(before: readonly SourceRow[], after: readonly SourceRow[]): Change[] {
  return compare(before, after, (r) => `${str(r.anio)}:${str(r.rol)}`, {
    added: (r) => ({ text: `Nueva actividad de comercio exterior: ${str(r.rol).toLowerCase()} en ${str(r.anio)}`, severidad: "info" }),
    gone: (r) => ({ text: `Ya no figura como ${str(r.rol).toLowerCase()} en ${str(r.anio)}`, severidad: "info" }),
    changed: (_a, b) => ({ text: `Se actualizó su actividad de ${str(b.rol).toLowerCase()} de ${str(b.anio)}`, severidad: "info" }),
  });
}

function marcas(before: readonly SourceRow[], after: readonly SourceRow[]): Change[] {
  return compare(before, after, (r) => str(r.acta), {
    added: (r) => ({ text: `Nueva marca: ${str(r.denominacion)} (clase ${str(r.clase_niza)})`, severidad: "info" }),
    gone: (r) => ({ text: `Ya no figura la marca ${str(r.denominacion)}`, severidad: "info" }),
    changed: (a, b) =>
      str(a.estado) !== str(b.estado)
        ? { text: `Marca ${str(b.denominacion)} pasó de ${str(a.estado)} a ${str(b.estado)}`, severidad: "info" }
        : { text: `Cambió la marca ${str(b.denominacion)}`, severidad: "info" },
  });
}

const SUMMARIZERS: Record<Exclude<SourceName, "screening">, (a: readonly SourceRow[], b: readonly SourceRow[]) => Change[]> = {
  identidad,
  crediticio,
  cheques,
  comex,
  riesgoFiscal,
  marcas,
  concursos,
};

/** At most this many changes are spelled out in a section's line; the rest are counted. */
const SHOWN = 3;

/** The section's one line and severity from its list of changes; null when nothing changed. */
export function sectionChange(seccion: SourceName, changes: readonly Change[]): SectionChange | null {
  if (changes.length === 0) return null;
  const sorted = [...changes].sort((a, b) => RANK[b.severidad] - RANK[a.severidad]);
  const shown = sorted.slice(0, SHOWN).map((c) => c.text);
  const rest = sorted.length - shown.length;
  const resumen = rest > 0 ? `${shown.join("; ")} y ${rest} ${rest === 1 ? "cambio más" : "cambios más"}` : shown.join("; ");
  return { seccion, resumen, severidad: worst(sorted.map((c) => c.severidad)) };
}

/**
 * What moved in one source for one CUIT between two snapshots of a feed, as the section's Spanish line and its
 * severity: `alta` for an insolvency proceeding, an APOC listing, a situación of 3 or worse or a new unpaid cheque
 * (sanctions matches are screening's, lib/monitoring/screening-changes.ts), `media` for any other worsening,
 * `info` otherwise.
 */
export function summarize(source: Exclude<SourceName, "screening">, before: readonly SourceRow[], after: readonly SourceRow[]): SectionChange | null {
  return sectionChange(source, SUMMARIZERS[source](before, after));
}

/** Screening: entries that newly match the CUIT, and entries that no longer do. */
export function summarizeScreening(added: readonly { lista: string; nombre: string }[], gone: readonly { lista: string; nombre: string }[]): SectionChange | null {
  return sectionChange("screening", [
    ...added.map((e): Change => ({ text: `Nueva coincidencia en lista ${e.lista} (${e.nombre})`, severidad: "alta" })),
    ...gone.map((e): Change => ({ text: `Ya no figura en lista ${e.lista} (${e.nombre})`, severidad: "info" })),
  ]);
}
