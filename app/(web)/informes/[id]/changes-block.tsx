import { Card } from "@/components/ui/card";
import type { Db } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { DomainError } from "@/lib/errors";
import { reportChanges } from "@/lib/monitoring/report-changes";
import type { ReportChanges } from "@/lib/schemas/monitoring";
import { formatDateTime } from "@/components/format";
import { SECCION } from "@/components/labels/monitoring";

const CAMBIO = { agregado: "Nuevo", eliminado: "Ya no figura", cambiado: "Cambió" } as const;

/** Added and gone items of a list, as highlighted lines. */
function itemLines(title: string, list: { agregados: unknown[]; quitados: unknown[] }, label: (item: never) => string) {
  if (list.agregados.length + list.quitados.length === 0) return null;
  return (
    <div className="mt-3">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <ul className="mt-1 text-sm">
        {list.agregados.map((i, n) => (
          <li key={`a${n}`} className="rounded bg-amber-50 px-2 py-0.5 text-amber-950">
            <span className="font-medium">Nuevo:</span> {label(i as never)}
          </li>
        ))}
        {list.quitados.map((i, n) => (
          <li key={`q${n}`} className="px-2 py-0.5 text-slate-600 line-through decoration-slate-400">
            <span className="sr-only">Ya no figura: </span>
            {label(i as never)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Cambios desde el informe anterior": the report against the previous one of its CUIT, changes highlighted. */
export async function ChangesBlock({ db, caller, reportId }: { db: Db; caller: Caller; reportId: string }) {
  let changes: ReportChanges;
  try {
    changes = await reportChanges(db, caller, reportId);
  } catch (e) {
    if (e instanceof DomainError && e.code === "not_found") return null;
    throw e;
  }
  return (
    <Card
      title="Cambios desde el informe anterior"
      description={`Comparado con el informe del ${formatDateTime(changes.contra_generado_en)}.`}
      className="mb-6 print:border-0 print:p-0 print:shadow-none"
    >
      {changes.sin_cambios ? (
        <p className="text-sm text-slate-700">No hubo cambios en ninguna sección.</p>
      ) : (
        <>
          {changes.secciones.length > 0 && (
            <ul className="text-sm">
              {changes.secciones.map((s) => (
                <li key={s.seccion}>
                  <span className="font-medium">{SECCION[s.seccion] ?? s.seccion}:</span> estado {s.status_antes ?? "—"} → {s.status_despues ?? "—"}
                </li>
              ))}
            </ul>
          )}
          {changes.campos.length > 0 && (
            <table className="mt-2 min-w-full text-left text-sm">
              <caption className="sr-only">Campos que cambiaron</caption>
              <thead>
                <tr className="text-xs text-slate-600 uppercase">
                  <th scope="col" className="py-1 pr-3">Sección</th>
                  <th scope="col" className="py-1 pr-3">Dato</th>
                  <th scope="col" className="py-1 pr-3">Antes</th>
                  <th scope="col" className="py-1">Ahora</th>
                </tr>
              </thead>
              <tbody>
                {changes.campos.map((c, i) => (
                  <tr key={i} className="border-t border-slate-100">
                    <td className="py-1 pr-3">{SECCION[c.seccion] ?? c.seccion}</td>
                    <td className="py-1 pr-3">
                      {c.etiqueta} <span className="text-xs text-slate-500">({CAMBIO[c.cambio]})</span>
                    </td>
                    <td className="py-1 pr-3 text-slate-600">{c.antes ?? "—"}</td>
                    <td className="bg-amber-50 py-1 font-medium text-amber-950">{c.despues ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {itemLines("Entidades financieras", changes.entidades, (e: ReportChanges["entidades"]["agregados"][number]) => `${e.entidad} (situación ${e.situacion})`)}
          {itemLines("Cheques rechazados", changes.cheques, (c: { etiqueta: string; detalle: string | null }) => `${c.etiqueta}: ${c.detalle ?? ""}`)}
          {itemLines("Listas de sanciones", changes.coincidencias, (c: { etiqueta: string; detalle: string | null }) => c.etiqueta)}
          {itemLines("Marcas", changes.marcas, (m: ReportChanges["marcas"]["agregados"][number]) => `${m.denominacion} (${m.estado})`)}
          {itemLines("Concursos y quiebras", changes.concursos, (c: ReportChanges["concursos"]["agregados"][number]) => `${c.tipo_proceso}, ${c.juzgado}`)}
        </>
      )}
    </Card>
  );
}
