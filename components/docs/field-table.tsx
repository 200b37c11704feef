import { Badge } from "@/components/ui/badge";
import { Table, tdClass, thClass } from "@/components/ui/table";
import type { FieldRow } from "@/lib/openapi/describe";
import { RichText } from "./rich-text";
import { TypeText } from "./type-label";

export function FieldTable({ caption, rows }: { caption: string; rows: FieldRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">Sin campos.</p>;
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col" className={thClass}>
            Campo
          </th>
          <th scope="col" className={thClass}>
            Tipo
          </th>
          <th scope="col" className={thClass}>
            Descripción
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.name}>
            <td className={`${tdClass} whitespace-nowrap`}>
              <code className="font-mono text-xs font-semibold text-slate-900">{row.name}</code>{" "}
              {row.required ? <Badge tone="info">requerido</Badge> : <span className="text-xs text-slate-600">opcional</span>}
            </td>
            <td className={tdClass}>
              <TypeText type={row.type} />
            </td>
            <td className={`${tdClass} text-sm text-slate-700`}>
              <RichText text={row.description} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
