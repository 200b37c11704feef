import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import type { SnapshotFormat } from "@/db/schema";
import type { CsvQuota } from "@/lib/catalog/csv-quota";
import { includesFormat, type WebDownloadRights } from "@/lib/catalog/web-downloads";
import { formatBytes, formatDay, formatInt } from "@/components/format";
import { CountedDownload } from "./counted-download";

/** Who is looking, as far as downloads go. */
export type DownloadAccess = "anonymous" | "suspended" | "upgrade" | "download";

const FORMAT_LABEL: Record<SnapshotFormat, string> = { parquet: "Parquet", csv: "CSV" };

/** Why the last download attempt came back to the page (`?descarga=`), in plain words. */
export const DOWNLOAD_ERRORS: Record<string, string> = {
  plan: "Tu plan no incluye la descarga de snapshots.",
  cuota: "Ya usaste todas las descargas CSV de tu plan este mes. Se renuevan el primer día del mes que viene; con Ultimate no tienen límite.",
  suspendida: "Tu cuenta está suspendida: no podés descargar snapshots.",
  formato: "Ese formato no está disponible para este dataset.",
  "sin-snapshot": "Este dataset todavía no tiene un snapshot publicado.",
  "sin-fecha": "Ese snapshot ya no se conserva. Elegí otro del historial.",
  limite: "Pediste demasiadas descargas en poco tiempo. Esperá un minuto y probá de nuevo.",
  error: "No pudimos generar el enlace de descarga. Probá de nuevo en unos minutos.",
};

interface SnapshotDownloadProps {
  datasetId: string;
  snapshotDate: string | null;
  rowCount: number | null;
  files: { format: SnapshotFormat; sizeBytes: number }[];
  access: DownloadAccess;
  /** A code from DOWNLOAD_ERRORS, when the page was reached back from a failed download. */
  error?: string;
  /** With access "download": the formats the plan includes, and this month's CSV count when the plan has one. */
  rights?: WebDownloadRights;
  csvQuota?: CsvQuota;
}

/**
 * The current snapshot and how to get it. Eligible plans get one button per format; each goes through the app,
 * which signs a fresh link with the same service as GET /v1/datasets/{id}/snapshot, so a page left open does not
 * hand out an expired one.
 */
export function SnapshotDownload({ datasetId, snapshotDate, rowCount, files, access, error, rights, csvQuota }: SnapshotDownloadProps) {
  if (!snapshotDate) {
    return <p className="text-slate-700">Todavía no hay un snapshot publicado de este dataset.</p>;
  }
  const path = `/datasets/${encodeURIComponent(datasetId)}`;
  const offered = rights ? files.filter((f) => includesFormat(rights, f.format)) : files;
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">Fecha de los datos</dt>
          <dd className="mt-0.5 text-lg font-semibold text-slate-900">{formatDay(snapshotDate)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Filas</dt>
          <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">{rowCount === null ? "—" : formatInt(rowCount)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Archivos</dt>
          <dd className="mt-0.5 text-slate-900">
            {files.length === 0 ? "—" : files.map((f) => `${FORMAT_LABEL[f.format]}: ${formatBytes(f.sizeBytes)}`).join(" · ")}
          </dd>
        </div>
      </dl>
      {error && DOWNLOAD_ERRORS[error] && (
        <Alert tone="danger" live="alert" className="mt-4">
          {DOWNLOAD_ERRORS[error]}
        </Alert>
      )}
      <div className="mt-5">
        {access === "download" ? (
          <div className="flex flex-wrap items-center gap-3">
            {offered.map((f) =>
              f.format === "csv" && csvQuota?.left != null ? (
                <CountedDownload key={f.format} href={`${path}/descargar?formato=csv`} label={FORMAT_LABEL.csv} size={formatBytes(f.sizeBytes)} left={csvQuota.left} />
              ) : (
                <a key={f.format} href={`${path}/descargar?formato=${f.format}`} className={buttonClass(f.format === "parquet" ? "primary" : "secondary")}>
                  Descargar {FORMAT_LABEL[f.format]}
                  <span className="text-sm font-normal opacity-90">({formatBytes(f.sizeBytes)})</span>
                </a>
              ),
            )}
            {offered.length === 0 && <p className="text-slate-700">Este dataset se publica solo en Parquet, que tu plan no incluye.</p>}
            {rights?.parquet === false ? (
              <p className="w-full text-sm text-slate-600">
                Tu plan incluye {csvQuota?.monthly == null ? "descargas CSV" : `${formatInt(csvQuota.monthly)} descargas CSV por mes`}. Parquet y las descargas
                sin límite están en Ultimate, Team y Enterprise.{" "}
                <Link href="/planes" className="font-medium underline">
                  Ver planes
                </Link>
              </p>
            ) : (
              <p className="w-full text-sm text-slate-600">Cada enlace de descarga vale por 60 minutos. Para la API: GET /v1/datasets/{datasetId}/snapshot.</p>
            )}
          </div>
        ) : access === "anonymous" ? (
          <Alert tone="info" title="Descargá el snapshot completo">
            Con Starter y Pro bajás el dataset entero en CSV, con un cupo de descargas por mes; con Ultimate, Team y Enterprise, también en
            Parquet y sin límite.{" "}
            <Link href={`/login?next=${encodeURIComponent(path)}`} className="font-medium underline">
              Ingresá
            </Link>{" "}
            o{" "}
            <Link href="/signup" className="font-medium underline">
              creá una cuenta
            </Link>
            .
          </Alert>
        ) : access === "suspended" ? (
          <Alert tone="danger" title="Tu cuenta está suspendida">
            Mientras siga suspendida no podés descargar snapshots.
          </Alert>
        ) : (
          <Alert tone="info" title="Tu plan no incluye descargas">
            Starter y Pro incluyen descargas CSV del dataset completo cada mes; Ultimate, Team y Enterprise, Parquet y CSV sin límite.{" "}
            <Link href="/planes" className="font-medium underline">
              Ver planes
            </Link>
          </Alert>
        )}
      </div>
    </>
  );
}
