import Link from "next/link";
import { Table, tdClass, thClass } from "@/components/ui/table";
import type { AuditEntry } from "@/db/schema";
import { formatDateTime } from "@/components/format";
import { AUDIT_ACTION } from "@/components/labels/account";
import { auditDetails } from "@/components/labels/audit";

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
            <td className={`${tdClass} text-xs break-words text-slate-700`}>{auditDetails(e.details)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
