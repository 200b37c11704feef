import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { ACCOUNT_CUIT, accountCuitKey, CHARGED, reports, type Report } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { DomainError } from "@/lib/errors";
import { findReport } from "@/lib/reports/get";
import type { FieldChange, ReportChanges } from "@/lib/schemas/monitoring";
import type { Concurso, Entidad, Marca, Section, SectionField, Sections } from "@/lib/schemas/sections";

type AnySection = Section & { entidades?: Entidad[] | null; marcas?: Marca[] | null; concursos?: Concurso[] | null };
type Item = { etiqueta: string; detalle: string | null };

const CHEQUE = /^Cheque N° /;
/** Screening's first field counts the matches; each further one is a match. */
const isMatch = (seccion: string, index: number) => seccion === "screening" && index > 0;

/** Fields by label; a repeated label is told apart by its occurrence. */
function byLabel(fields: readonly SectionField[]): Map<string, SectionField> {
  const out = new Map<string, SectionField>();
  for (const f of fields) {
    let key = f.label;
    for (let i = 2; out.has(key); i++) key = `${f.label} (${i})`;
    out.set(key, f);
  }
  return out;
}

function addedGone<T>(before: readonly T[], after: readonly T[], key: (t: T) => string) {
  const a = new Map(before.map((t) => [key(t), t]));
  const b = new Map(after.map((t) => [key(t), t]));
  return { agregados: [...b].filter(([k]) => !a.has(k)).map(([, t]) => t), quitados: [...a].filter(([k]) => !b.has(k)).map(([, t]) => t) };
}

const items = (s: AnySection | undefined, pick: (f: SectionField, i: number) => boolean): Item[] =>
  (s?.fields ?? []).filter(pick).map((f) => ({ etiqueta: f.label, detalle: f.value }));

/** What changed from `before` to `after`, section by section. Pure: both are stored reports' sections. */
export function diffSections(before: Sections, after: Sections): Omit<ReportChanges, "informe_id" | "contra_id" | "cuit" | "generado_en" | "contra_generado_en"> {
  const b = before as Record<string, AnySection | undefined>;
  const a = after as Record<string, AnySection | undefined>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const secciones = keys
    .filter((k) => (b[k]?.status ?? null) !== (a[k]?.status ?? null))
    .map((k) => ({ seccion: k, status_antes: b[k]?.status ?? null, status_despues: a[k]?.status ?? null }));
  const campos: FieldChange[] = [];
  for (const k of keys) {
    const listed = (f: SectionField, i: number) => CHEQUE.test(f.label) || isMatch(k, i);
    const old = byLabel((b[k]?.fields ?? []).filter((f, i) => !listed(f, i)));
    const now = byLabel((a[k]?.fields ?? []).filter((f, i) => !listed(f, i)));
    for (const [label, f] of now) {
      const prior = old.get(label);
      if (!prior) campos.push({ seccion: k, etiqueta: label, antes: null, despues: f.value, cambio: "agregado" });
      else if (prior.value !== f.value) campos.push({ seccion: k, etiqueta: label, antes: prior.value, despues: f.value, cambio: "cambiado" });
    }
    for (const [label, f] of old) if (!now.has(label)) campos.push({ seccion: k, etiqueta: label, antes: f.value, despues: null, cambio: "eliminado" });
  }
  const item = (i: Item) => `${i.etiqueta}\u0000${i.detalle ?? ""}`;
  const changes = {
    secciones,
    campos,
    entidades: addedGone(b.crediticio?.entidades ?? [], a.crediticio?.entidades ?? [], (e) => `${e.entidad_codigo}:${e.situacion}:${e.monto_miles_pesos}`),
    cheques: addedGone(items(b.cheques, (f) => CHEQUE.test(f.label)), items(a.cheques, (f) => CHEQUE.test(f.label)), item),
    coincidencias: addedGone(items(b.screening, (_f, i) => i > 0), items(a.screening, (_f, i) => i > 0), (i) => i.etiqueta),
    marcas: addedGone(b.marcas?.marcas ?? [], a.marcas?.marcas ?? [], (m) => `${m.acta}:${m.estado}`),
    concursos: addedGone(b.concursos?.concursos ?? [], a.concursos?.concursos ?? [], (c) => `${c.expediente ?? c.juzgado}:${c.fecha_apertura}:${c.estado ?? ""}`),
  };
  const sinCambios =
    secciones.length === 0 &&
    campos.length === 0 &&
    [changes.entidades, changes.cheques, changes.coincidencias, changes.marcas, changes.concursos].every((c) => c.agregados.length + c.quitados.length === 0);
  return { sin_cambios: sinCambios, ...changes };
}

/** The report of the same CUIT and account generated just before `report` (a `no_resuelto` one has nothing to compare). */
async function previousOf(db: DbOrTx, report: Report): Promise<Report | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(
      and(
        eq(ACCOUNT_CUIT, accountCuitKey(report.accountId, report.cuit)),
        CHARGED,
        sql`(${reports.createdAt}, ${reports.seq}) < (${report.createdAt}::timestamptz, ${report.seq}::bigint)`,
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.seq))
    .limit(1);
  return row;
}

/**
 * GET /v1/reports/{id}/changes: the report against the previous one of its CUIT in its account, or against
 * `contra`, another report of the same CUIT the caller may read. Free: both were paid. Both lookups have the
 * isolation of GET /v1/reports/{id}.
 */
export async function reportChanges(db: DbOrTx, caller: Pick<Caller, "accountId" | "account">, id: string, contra?: string): Promise<ReportChanges> {
  const report = await findReport(db, caller, id);
  const other = contra !== undefined ? await findReport(db, caller, contra) : await previousOf(db, report);
  if (!other) throw new DomainError("not_found", { text: "No hay un informe anterior de este CUIT para comparar." });
  if (other.cuit !== report.cuit || other.id === report.id) {
    throw new DomainError("parametro_invalido", { text: "`contra` debe ser otro informe del mismo CUIT.", extra: { parameter: "contra" } });
  }
  return {
    informe_id: report.id,
    contra_id: other.id,
    cuit: report.cuit,
    generado_en: new Date(report.generatedAt).toISOString(),
    contra_generado_en: new Date(other.generatedAt).toISOString(),
    ...diffSections(other.sections, report.sections),
  };
}
