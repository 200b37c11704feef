import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Table, tdClass, thClass } from "@/components/ui/table";
import { listBatchItems } from "@/lib/batches/items";
import { getBatch } from "@/lib/batches/view";
import { DomainError } from "@/lib/errors";
import { BATCH_MAX_ENTRIES } from "@/lib/schemas/batches";
import { requireCaller } from "@/lib/web/current-caller";
import { formatDateTime, formatInt } from "@/components/format";
import { pageDb } from "@/lib/web/page-db";
import { TIPO_ACCION } from "@/components/labels/reports";
import { ITEM_STATUS } from "../labels";
import { BatchProgress } from "./batch-progress";

export const metadata: Metadata = { title: "Lote de informes" };

// /informes/lote/{id} – a batch's live progress, its results with a link to each report, and the downloads
export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const caller = await requireCaller(`/informes/lote/${encodeURIComponent(id)}`);
  const db = await pageDb();
  const loaded = await Promise.all([getBatch(db, caller.accountId, id), listBatchItems(db, caller.accountId, id, { limit: BATCH_MAX_ENTRIES, offset: 0 })]).catch(
    (e: unknown) => {
      if (e instanceof DomainError && e.code === "not_found") notFound();
      throw e;
    },
  );
  const [batch, { items }] = loaded;
  const download = (formato: string) => `/v1/batches/${batch.lote_id}/results?formato=${formato}`;
  return (
    <>
      <p className="mb-4 text-sm">
        <Link href="/informes/lote" className="text-brand-700 underline">
          ← Informes en lote
        </Link>
      </p>
      <PageHeader
        title={`Lote de ${formatInt(batch.total)} CUIT`}
        description={`Creado el ${formatDateTime(batch.creado_en)}${batch.terminado_en ? `, terminado el ${formatDateTime(batch.terminado_en)}` : ""}.`}
        actions={
          <>
            <a href={download("csv")} download className={buttonClass("secondary", "sm")}>
              Descargar CSV
            </a>
            <a href={download("xlsx")} download className={buttonClass("secondary", "sm")}>
              Descargar XLSX
            </a>
          </>
        }
      />
      <Card title="Avance">
        <BatchProgress key={`${batch.estado}-${batch.procesados}`} initial={batch} />
      </Card>
      <Card title="Resultados" className="mt-6">
        <Table caption="Resultados del lote, en el orden de la lista">
          <thead>
            <tr>
              <th scope="col" className={thClass}>Fila</th>
              <th scope="col" className={thClass}>Entrada</th>
              <th scope="col" className={thClass}>CUIT</th>
              <th scope="col" className={thClass}>Resultado</th>
              <th scope="col" className={thClass}>Cobro</th>
              <th scope="col" className={thClass}>Informe</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {items.map((i) => (
              <tr key={i.posicion}>
                <td className={`${tdClass} tabular-nums`}>{i.posicion}</td>
                <td className={`${tdClass} font-mono`}>{i.entrada}</td>
                <td className={`${tdClass} font-mono`}>{i.cuit ?? "—"}</td>
                <td className={tdClass}>
                  <Badge tone={ITEM_STATUS[i.status].tone}>{ITEM_STATUS[i.status].label}</Badge>
                  {i.duplicado_de && <span className="ml-2 text-slate-600">Repetido de la fila {i.duplicado_de}</span>}
                  {i.error && <p className="mt-1 text-sm text-slate-700">{i.error}</p>}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>
                  {i.tipo_accion ? `${TIPO_ACCION[i.tipo_accion]} · ${formatInt(i.costo_unidades)} u.` : "Sin cargo"}
                </td>
                <td className={tdClass}>
                  {i.informe_id ? (
                    <Link href={`/informes/${i.informe_id}`} className="font-medium text-brand-700 underline">
                      Ver informe<span className="sr-only"> de la fila {i.posicion}</span>
                    </Link>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card>
    </>
  );
}
