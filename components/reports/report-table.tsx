import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Table, tdClass, thClass } from "@/components/ui/table";
import type { ReportListItem } from "@/lib/schemas/reports";
import { formatDateTime } from "@/components/format";
import { REPORT_STATUS } from "@/components/labels/reports";

interface ReportTableProps<R extends ReportListItem> {
  items: R[];
  caption: string;
  /** The admin console's extra column: whose report it is. */
  account?: (item: R) => ReactNode;
}

/** Reports as a table, most recent first, each opening its report page. */
export function ReportTable<R extends ReportListItem>({ items, caption, account }: ReportTableProps<R>) {
  return (
    <Table caption={caption}>
      <thead className="bg-slate-50">
        <tr>
          <th scope="col" className={thClass}>CUIT</th>
          <th scope="col" className={thClass}>Denominación</th>
          {account && <th scope="col" className={thClass}>Cuenta</th>}
          <th scope="col" className={thClass}>Estado</th>
          <th scope="col" className={thClass}>Generado</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {items.map((r) => (
          <tr key={r.id} data-report-id={r.id}>
            <td className={`${tdClass} whitespace-nowrap`}>
              {/* An admin's click is audited, so the console never opens a report ahead of the click. */}
              <Link href={`/informes/${r.id}`} prefetch={false} className="font-mono font-medium text-brand-700 underline">
                {r.cuit_formateado}
              </Link>
            </td>
            <td className={tdClass}>{r.denominacion ?? <span className="text-slate-600 italic">Sin denominación</span>}</td>
            {account && <td className={`${tdClass} break-all`}>{account(r)}</td>}
            <td className={tdClass}>
              <Badge tone={REPORT_STATUS[r.status].tone}>{REPORT_STATUS[r.status].label}</Badge>
            </td>
            <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(r.generated_at)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
