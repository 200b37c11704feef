import { Badge } from "@/components/ui/badge";
import { Table, tdClass, thClass } from "@/components/ui/table";
import type { Entidad, Section } from "@/lib/schemas/sections";
import { formatInt, formatMoney, formatPeriod } from "@/components/format";
import { SITUACION_SHORT } from "@/components/labels/reports";
import { FieldList } from "../field-list";
import { NothingFound } from "../section-frame";
import { SituacionBadge } from "./situacion-badge";

const FLAGS: [keyof Entidad, string][] = [
  ["refinanciaciones", "Refinanciada"],
  ["recategorizacion_obligatoria", "Recategorización obligatoria"],
  ["situacion_juridica", "Situación jurídica"],
  ["irrecuperable_disposicion_tecnica", "Irrecuperable por disposición técnica"],
  ["proceso_judicial", "Proceso judicial"],
];

/** BCRA Central de Deudores: the summary, then one row per reporting entity with its situación. */
export function DebtsSection({ section }: { section: Section & { entidades?: Entidad[] | null } }) {
  const entidades = section.entidades ?? [];
  if (entidades.length === 0) return <NothingFound>Sin deudas informadas por entidades financieras.</NothingFound>;
  return (
    <>
      <FieldList fields={section.fields} />
      <h3 className="mt-6 mb-2 font-semibold text-slate-900">Deudas por entidad</h3>
      <Table caption="Deudas por entidad financiera, con su situación">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={thClass}>Entidad</th>
            <th scope="col" className={thClass}>Situación</th>
            <th scope="col" className={`${thClass} text-right`}>Deuda (miles de $)</th>
            <th scope="col" className={`${thClass} text-right`}>Días de atraso</th>
            <th scope="col" className={thClass}>Observaciones</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {entidades.map((e) => {
            const flags = FLAGS.filter(([key]) => e[key] === true);
            return (
              <tr key={`${e.entidad_codigo}-${e.periodo}`}>
                <td className={tdClass}>
                  <span className="font-medium">{e.entidad}</span>
                  <span className="block text-xs text-slate-600">Código {e.entidad_codigo} · período {formatPeriod(e.periodo)}</span>
                </td>
                <td className={tdClass}>
                  <SituacionBadge situacion={e.situacion} />
                  {e.situacion_descripcion !== SITUACION_SHORT[e.situacion] && (
                    <span className="mt-1 block text-xs text-slate-600">{e.situacion_descripcion}</span>
                  )}
                </td>
                <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(e.monto_miles_pesos)}</td>
                <td className={`${tdClass} text-right tabular-nums`}>{e.dias_atraso === null ? "—" : formatInt(e.dias_atraso)}</td>
                <td className={tdClass}>
                  {flags.length === 0 ? (
                    <span className="text-slate-600">Ninguna</span>
                  ) : (
                    <span className="flex flex-wrap gap-1">
                      {flags.map(([key, label]) => (
                        <Badge key={key} tone="warning">
                          {label}
                        </Badge>
                      ))}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </>
  );
}
