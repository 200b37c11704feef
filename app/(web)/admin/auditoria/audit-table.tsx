import Link from "next/link";
import { Table, tdClass, thClass } from "@/components/ui/table";
import type { AuditEntry } from "@/db/schema";
import { formatDateTime } from "@/lib/web/format";
import { AUDIT_ACTION } from "@/lib/web/labels";

/** Details as "key: value" pairs, which read better than raw JSON in a narrow cell. */
function details(d: Record<string, unknown>): string {
  return Object.entries(d)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v as string | number | boolean)}`)
    .join(" · ");
}

export function AuditTable({ entries, showAccount = true }: { entries: AuditEntry[]; showAccount?: boolean }) {
  return (
    <Table caption="Registro de auditoría">
      <thead className="bg-slate-50">
        <tr>
          <th scope="col" className={thClass}>Fecha</th>
          <th scope="col" className={thClass}>Quién</th>
          <th scope="col" className={thClass}>Acción</th>
          {showAccount && <th scope="col" className={thClass}>Cuenta</th>}
          <th scope="col" className={thClass}>Detalle</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {entries.map((e) => (
          <tr key={e.id}>
            <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(e.createdAt)}</td>
            <td className={`${tdClass} break-all`}>{e.actor}</td>
            <td className={tdClass}>{AUDIT_ACTION[e.action] ?? e.action}</td>
            {showAccount && (
              <td className={`${tdClass} font-mono text-xs`}>
                {e.accountId ? (
                  <Link href={`/admin/cuentas/${e.accountId}`} className="text-brand-700 underline">
                    {e.accountId}
                  </Link>
                ) : (
                  "—"
                )}
              </td>
            )}
            <td className={`${tdClass} text-xs break-all text-slate-700`}>{details(e.details)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
