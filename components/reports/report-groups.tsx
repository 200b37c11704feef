import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatCuit } from "@/lib/cuit";
import type { ReportGroup, ReportVersion } from "@/lib/reports/by-cuit";
import { formatDateTime, plural } from "@/components/format";
import { REPORT_STATUS, TIPO_ACCION } from "@/components/labels/reports";

/** What a version cost, in words: its kind and the units it took. */
const costText = (v: ReportVersion): string =>
  v.tipoAccion ? `${TIPO_ACCION[v.tipoAccion]} · ${v.costoUnidades === 0 ? "sin cargo" : `${plural(v.costoUnidades, "unidad", "unidades")}`}` : "Sin cargo";

/**
 * The account's reports by CUIT: the latest report of each, how many versions it has and what the last one was and
 * cost, with every earlier version one click away. Labelled blocks rather than a table, so a phone reads them whole.
 */
export function ReportGroups({ groups }: { groups: ReportGroup[] }) {
  return (
    <ul className="divide-y divide-slate-200" aria-label="Tus informes por CUIT">
      {groups.map(({ cuit, versions }) => {
        const [last, ...earlier] = versions;
        const status = REPORT_STATUS[last.status];
        return (
          <li key={cuit} data-cuit={cuit} className="py-4 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <Link href={`/informes/${last.id}`} className="font-mono font-medium text-brand-700 underline">
                {formatCuit(cuit)}
              </Link>
              <Badge tone={status.tone}>{status.label}</Badge>
            </div>
            <p className="mt-1 font-medium break-words text-slate-900">{last.denominacion ?? <span className="font-normal text-slate-600 italic">Sin denominación</span>}</p>
            <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-600">Último informe</dt>
                <dd className="text-slate-900">{formatDateTime(last.generatedAt)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Tipo y costo</dt>
                <dd className="text-slate-900">{costText(last)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Versiones</dt>
                <dd className="text-slate-900" data-testid="versiones">
                  {versions.length}
                </dd>
              </div>
            </dl>
            {earlier.length > 0 && (
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer font-medium text-brand-700">
                  Ver {earlier.length === 1 ? "la versión anterior" : `las ${earlier.length} versiones anteriores`}
                </summary>
                <ul className="mt-2 space-y-1 pl-4">
                  {earlier.map((v) => (
                    <li key={v.id}>
                      <Link href={`/informes/${v.id}`} className="text-brand-700 underline">
                        {formatDateTime(v.generatedAt)}
                      </Link>{" "}
                      <span className="text-slate-600">· {costText(v)}</span>
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}
