import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, tdClass, thClass } from "@/components/ui/table";
import { datasetsForAdmin, type AdminDatasetRow } from "@/lib/catalog/admin-list";
import { requireAdmin } from "@/lib/web/current-caller";
import { formatBytes, formatDateTime, formatDay, formatTier, plural } from "@/components/format";
import { pageDb } from "@/lib/web/page-db";
import { PublishControl } from "./publish-control";

export const metadata: Metadata = { title: "Datasets" };

const FORMAT = { parquet: "Parquet", csv: "CSV" } as const;

function origin(row: AdminDatasetRow, names: Record<string, string>): string {
  if (row.origin.kind === "source") return `Tabla de la fuente «${row.origin.source}»`;
  if (row.origin.kind === "view") return `Vista de ${names[row.origin.parentId] ?? row.origin.parentId}; se publica con ella`;
  return "Archivo: se publica con la CLI (dataset:publish --file)";
}

// /admin/datasets – every dataset's publication state and current snapshot, and publishing a new one with progress
export default async function AdminDatasetsPage() {
  await requireAdmin();
  const rows = await datasetsForAdmin(await pageDb());
  const names = Object.fromEntries(rows.map((r) => [r.id, r.name]));
  return (
    <>
      <PageHeader
        title="Datasets"
        description="Estado de publicación, visibilidad y snapshot vigente de cada dataset. Publicar genera un snapshot nuevo desde la fuente; si falla, el anterior sigue vigente."
      />
      <Card>
        {rows.length === 0 ? (
          <EmptyState title="El catálogo está vacío" />
        ) : (
          <Table caption="Datasets del catálogo">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>Dataset</th>
                <th scope="col" className={thClass}>Estado</th>
                <th scope="col" className={thClass}>Plan mínimo</th>
                <th scope="col" className={thClass}>Snapshot vigente</th>
                <th scope="col" className={thClass}>Publicar</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((r) => (
                <tr key={r.id} data-dataset-id={r.id}>
                  <td className={`${tdClass} min-w-64`}>
                    <Link href={`/datasets/${encodeURIComponent(r.id)}`} className="font-medium text-brand-700 underline">
                      {r.name}
                    </Link>
                    <span className="block font-mono text-xs text-slate-600">{r.id}</span>
                    <span className="mt-1 block text-xs text-slate-600">{origin(r, names)}</span>
                  </td>
                  <td className={`${tdClass} space-y-1`}>
                    <span className="flex flex-wrap gap-1">
                      {r.published ? <Badge tone="success">Publicado</Badge> : <Badge>Sin publicar</Badge>}
                      {r.visibility === "public" ? <Badge tone="info">Público</Badge> : <Badge tone="warning">Solo admin</Badge>}
                    </span>
                    {r.lastAttempt?.status === "failed" && <span className="block text-xs text-red-700">Último intento fallido ({formatDateTime(r.lastAttempt.createdAt)})</span>}
                    {r.lastAttempt?.status === "publishing" && <span className="block text-xs text-slate-700">Publicación en curso</span>}
                  </td>
                  <td className={tdClass}>{formatTier(r.minTier)}</td>
                  <td className={`${tdClass} min-w-48`} data-testid="current-snapshot">
                    {r.snapshotDate ? (
                      <>
                        <span className="font-medium">{formatDay(r.snapshotDate)}</span>
                        <span className="block text-sm">{r.rowCount === null ? "—" : plural(r.rowCount, "fila", "filas")}</span>
                        <span className="block text-xs text-slate-600">{r.files.map((f) => `${FORMAT[f.format]} ${formatBytes(f.sizeBytes)}`).join(" · ")}</span>
                        {r.publishedAt && <span className="block text-xs text-slate-600">Publicado el {formatDateTime(r.publishedAt)}</span>}
                      </>
                    ) : (
                      <span className="text-slate-600">Sin snapshot</span>
                    )}
                  </td>
                  <td className={tdClass}>
                    <PublishControl datasetId={r.id} name={r.name} names={names} hasSnapshot={r.snapshotDate !== null} />
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
