import { Table, tdClass, thClass } from "@/components/ui/table";
import type { RiesgoFiscalBlock, Section } from "@/lib/schemas/sections";
import { formatDay, formatMoney } from "@/components/format";
import { NothingFound } from "../section-frame";

/** Fiscal-risk lists (facturas apócrifas, REPSAL, deuda previsional): each listing with its date and amount. */
export function FiscalRiskSection({ section }: { section: Section & { riesgoFiscal?: RiesgoFiscalBlock | null } }) {
  const listas = section.riesgoFiscal?.listas ?? [];
  if (listas.length === 0) return <NothingFound>No figura en listas de riesgo fiscal.</NothingFound>;
  return (
    <>
      <p className="mb-3 text-sm font-medium text-red-800">
        Figura en {listas.length === 1 ? "1 lista" : `${listas.length} listas`} de riesgo fiscal.
      </p>
      <Table caption="Listas de riesgo fiscal en las que figura">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={thClass}>Lista</th>
            <th scope="col" className={thClass}>Publicación</th>
            <th scope="col" className={thClass}>Detalle</th>
            <th scope="col" className={`${thClass} text-right`}>Monto adeudado ($)</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {listas.map((l, i) => (
            <tr key={`${l.lista}-${i}`}>
              <td className={`${tdClass} font-medium`}>{l.lista}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{formatDay(l.fecha_publicacion)}</td>
              <td className={tdClass}>{l.detalle ?? "Sin detalle"}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{l.monto_adeudado === null ? "—" : formatMoney(l.monto_adeudado)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
