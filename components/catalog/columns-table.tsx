import { InlineMarkdown } from "@/components/ui/markdown";
import { Table, tdClass, thClass } from "@/components/ui/table";
import type { DatasetColumn } from "@/lib/schemas/catalog";

/** A sample value as it would look in a query result: strings as they are, everything else as JSON. */
const sample = (v: unknown): string => (v === null || v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));

/** The published columns: name, type, unit, what each one means and a sample value. */
export function ColumnsTable({ columns }: { columns: DatasetColumn[] }) {
  return (
    <Table caption="Columnas del dataset">
      <thead className="bg-slate-50">
        <tr>
          <th scope="col" className={thClass}>Columna</th>
          <th scope="col" className={thClass}>Tipo</th>
          <th scope="col" className={thClass}>Unidad</th>
          <th scope="col" className={thClass}>Descripción</th>
          <th scope="col" className={thClass}>Ejemplo</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {columns.map((c) => (
          <tr key={c.name}>
            <th scope="row" className={`${tdClass} text-left font-mono text-xs font-semibold whitespace-nowrap text-slate-900`}>
              {c.name}
            </th>
            <td className={`${tdClass} font-mono text-xs whitespace-nowrap`}>
              {c.type}
              {c.nullable === false && <span className="block font-sans text-slate-600">obligatoria</span>}
            </td>
            <td className={tdClass}>{c.unit ?? "—"}</td>
            <td className={`${tdClass} min-w-56`}>
              <InlineMarkdown text={c.description} />
            </td>
            <td className={`${tdClass} font-mono text-xs break-all`}>{sample(c.sample_value)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
