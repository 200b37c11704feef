import { Badge } from "@/components/ui/badge";
import { Table, tdClass, thClass } from "@/components/ui/table";
import type { ComexBlock, Section } from "@/lib/schemas/sections";
import { formatInt, formatMoney } from "@/components/format";
import { FieldList } from "../field-list";
import { NothingFound } from "../section-frame";

const ROL: Record<string, string> = { IMPORTADOR: "Importación", EXPORTADOR: "Exportación" };

/** Foreign trade: whether the CUIT imports or exports, and its activity per year and role. */
export function ComexSection({ section }: { section: Section & { comex?: ComexBlock | null } }) {
  const block = section.comex;
  if (!block || block.actividad.length === 0) return <NothingFound>Sin operaciones de comercio exterior registradas.</NothingFound>;
  return (
    <>
      <p className="mb-4 flex flex-wrap gap-2">
        <Badge tone={block.es_importador ? "info" : "neutral"}>{block.es_importador ? "Importador" : "No importa"}</Badge>
        <Badge tone={block.es_exportador ? "info" : "neutral"}>{block.es_exportador ? "Exportador" : "No exporta"}</Badge>
      </p>
      <FieldList fields={section.fields.filter((f) => f.label !== "Importador" && f.label !== "Exportador")} />
      <h3 className="mt-6 mb-2 font-semibold text-slate-900">Actividad por año</h3>
      <Table caption="Operaciones de comercio exterior por año y rol">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={thClass}>Año</th>
            <th scope="col" className={thClass}>Rol</th>
            <th scope="col" className={`${thClass} text-right`}>Operaciones</th>
            <th scope="col" className={`${thClass} text-right`}>Monto FOB (USD)</th>
            <th scope="col" className={thClass}>Capítulos NCM</th>
            <th scope="col" className={thClass}>Países principales</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {block.actividad.map((a) => (
            <tr key={`${a.anio}-${a.rol}`}>
              <td className={`${tdClass} tabular-nums`}>{a.anio}</td>
              <td className={tdClass}>{ROL[a.rol] ?? a.rol}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{formatInt(a.operaciones)}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(a.monto_fob_usd)}</td>
              <td className={tdClass}>{a.capitulos_ncm?.join(", ") ?? "Sin dato"}</td>
              <td className={tdClass}>{a.paises_principales?.join(", ") ?? "Sin dato"}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
