import { Badge } from "@/components/ui/badge";
import { Table, tdClass, thClass } from "@/components/ui/table";
import type { Marca, Section } from "@/lib/schemas/sections";
import { formatDay } from "@/components/format";
import { FieldList } from "../field-list";
import { NothingFound } from "../section-frame";

/** INPI trademarks held by the CUIT. */
export function TrademarksSection({ section }: { section: Section & { marcas?: Marca[] | null } }) {
  const marcas = section.marcas ?? [];
  if (marcas.length === 0) return <NothingFound>Sin marcas registradas a nombre de este CUIT.</NothingFound>;
  return (
    <>
      <FieldList fields={section.fields.filter((f) => f.label !== "Denominaciones")} />
      <h3 className="mt-6 mb-2 font-semibold text-slate-900">Marcas</h3>
      <Table caption="Marcas registradas a nombre del CUIT">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={thClass}>Denominación</th>
            <th scope="col" className={thClass}>Acta</th>
            <th scope="col" className={thClass}>Clase de Niza</th>
            <th scope="col" className={thClass}>Estado</th>
            <th scope="col" className={thClass}>Solicitud</th>
            <th scope="col" className={thClass}>Vencimiento</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {marcas.map((m) => (
            <tr key={m.acta}>
              <td className={tdClass}>
                <span className="font-medium">{m.denominacion}</span>
                <span className="block text-xs text-slate-600">
                  {m.tipo_marca ? `${m.tipo_marca} · ` : ""}titular {m.titular}
                </span>
              </td>
              <td className={`${tdClass} font-mono text-xs`}>{m.acta}</td>
              <td className={`${tdClass} tabular-nums`}>{m.clase_niza}</td>
              <td className={tdClass}>
                <Badge tone={m.estado === "CONCEDIDA" ? "success" : "neutral"}>{m.estado.toLowerCase()}</Badge>
              </td>
              <td className={`${tdClass} whitespace-nowrap`}>{formatDay(m.fecha_solicitud)}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{formatDay(m.fecha_vencimiento)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
