import { CopyButton } from "@/components/ui/copy-button";
import { Table, tdClass, thClass } from "@/components/ui/table";
import type { SnapshotHistoryItem } from "@/lib/schemas/catalog";
import { formatBytes, formatDateTime, formatDay, formatInt } from "@/components/format";

const LABEL: Record<SnapshotHistoryItem["archivos"][number]["formato"], string> = { parquet: "Parquet", csv: "CSV", manifest: "Manifiesto" };

interface SnapshotHistoryProps {
  datasetId: string;
  items: SnapshotHistoryItem[];
  /** Whether the viewer's plan downloads snapshots: the buttons only show then. */
  canDownload: boolean;
  retention: number;
}

/**
 * The kept snapshots, newest first: each file's size and SHA-256, to check a download against, and one button per
 * file. A button goes through the app, which signs a fresh link for that date, as GET /v1/datasets/{id}/snapshot?fecha=.
 */
export function SnapshotHistory({ datasetId, items, canDownload, retention }: SnapshotHistoryProps) {
  if (items.length === 0) return <p className="text-slate-700">Todavía no hay snapshots publicados de este dataset.</p>;
  const path = `/datasets/${encodeURIComponent(datasetId)}/descargar`;
  return (
    <>
      <Table caption="Snapshots conservados, del más reciente al más antiguo">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={thClass}>Fecha de los datos</th>
            <th scope="col" className={thClass}>Filas</th>
            <th scope="col" className={thClass}>Publicado</th>
            <th scope="col" className={thClass}>Archivos (tamaño y SHA-256)</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {items.map((s) => (
            <tr key={`${s.snapshot_date}-${s.publicado_en}`}>
              <th scope="row" className={`${tdClass} text-left font-semibold whitespace-nowrap text-slate-900`}>
                {formatDay(s.snapshot_date)}
                {s.actual && <span className="block text-xs font-normal text-emerald-800">actual</span>}
              </th>
              <td className={`${tdClass} tabular-nums`}>{s.rows_count === null ? "—" : formatInt(s.rows_count)}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(s.publicado_en)}</td>
              <td className={tdClass}>
                <ul className="space-y-2">
                  {s.archivos.map((f) => (
                    <li key={f.formato} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      {canDownload ? (
                        <a href={`${path}?formato=${f.formato}&fecha=${s.snapshot_date}`} className="font-medium text-brand-700 underline">
                          {LABEL[f.formato]}
                          <span className="sr-only"> del {formatDay(s.snapshot_date)}</span>
                        </a>
                      ) : (
                        <span className="font-medium">{LABEL[f.formato]}</span>
                      )}
                      <span className="text-slate-600">{formatBytes(f.bytes)}</span>
                      <code className="font-mono text-xs text-slate-700" title={f.sha256}>
                        {f.sha256.slice(0, 16)}…
                      </code>
                      <CopyButton value={f.sha256} label="Copiar SHA-256" />
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="mt-3 text-sm text-slate-600">
        Se conservan los últimos {retention} snapshots. El manifiesto de cada uno (manifest.json) lista sus archivos con tamaño y SHA-256: comprobá una
        descarga con <code className="font-mono">sha256sum</code>. Por la API: GET /v1/datasets/{datasetId}/snapshots.
      </p>
    </>
  );
}
