import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, tdClass, thClass } from "@/components/ui/table";
import { listBatches } from "@/lib/batches/view";
import { requireCaller } from "@/lib/web/current-caller";
import { formatDateTime, formatInt, plural } from "@/components/format";
import { pageDb } from "@/lib/web/page-db";
import { BatchUploader } from "./batch-uploader";
import { BATCH_ESTADO } from "./labels";

export const metadata: Metadata = { title: "Informes en lote" };

// /informes/lote – upload or paste a list of CUITs, preview and confirm it; the account's past batches
export default async function BatchesPage() {
  const caller = await requireCaller("/informes/lote");
  const { items } = await listBatches(await pageDb(), caller.accountId, { limit: 50, offset: 0 });
  return (
    <>
      <p className="mb-4 text-sm">
        <Link href="/informes" className="text-brand-700 underline">
          ← Mis informes
        </Link>
      </p>
      <PageHeader
        title="Informes en lote"
        description="Generá los informes de hasta 1.000 CUIT o DNI de una vez. Antes de confirmar revisás cada fila y ves cuántos son nuevos, cuántos actualizaciones y cuánto cuesta; cada informe se cobra igual que uno individual."
      />
      <Card title="Nuevo lote">
        <BatchUploader dailyCap={caller.account.billingModel === "daily_cap"} />
      </Card>
      <Card title="Tus lotes" className="mt-6">
        {items.length === 0 ? (
          <EmptyState title="Todavía no generaste lotes">Subí una planilla o pegá una lista arriba para empezar.</EmptyState>
        ) : (
          <Table caption="Tus lotes, del más reciente al más antiguo">
            <thead>
              <tr>
                <th scope="col" className={thClass}>Creado</th>
                <th scope="col" className={thClass}>Estado</th>
                <th scope="col" className={thClass}>CUIT</th>
                <th scope="col" className={thClass}>Resueltos</th>
                <th scope="col" className={thClass}>Costo</th>
                <th scope="col" className={thClass}><span className="sr-only">Acciones</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {items.map((b) => (
                <tr key={b.lote_id}>
                  <td className={tdClass}>{formatDateTime(b.creado_en)}</td>
                  <td className={tdClass}>
                    <Badge tone={BATCH_ESTADO[b.estado].tone}>{BATCH_ESTADO[b.estado].label}</Badge>
                  </td>
                  <td className={`${tdClass} tabular-nums`}>{formatInt(b.total)}</td>
                  <td className={`${tdClass} tabular-nums`}>{formatInt(b.resueltos)}</td>
                  <td className={`${tdClass} tabular-nums`}>{plural(b.costo_unidades, "unidad", "unidades")}</td>
                  <td className={tdClass}>
                    <Link href={`/informes/lote/${b.lote_id}`} className="font-medium text-brand-700 underline">
                      Ver lote<span className="sr-only"> del {formatDateTime(b.creado_en)}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </>
  );
}
