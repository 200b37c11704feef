import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { ColumnsTable } from "@/components/catalog/columns-table";
import { ExampleQueries } from "@/components/catalog/example-queries";
import { SnapshotDownload, type DownloadAccess } from "@/components/catalog/snapshot-download";
import { SnapshotHistory } from "@/components/catalog/snapshot-history";
import { TagLinks } from "@/components/catalog/tag-links";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { InlineMarkdown, Markdown } from "@/components/ui/markdown";
import { PageHeader } from "@/components/ui/page-header";
import type { Caller } from "@/lib/auth/caller";
import { exampleTableName } from "@/lib/catalog/example-queries";
import { snapshotHistory } from "@/lib/catalog/history";
import { listDatasets } from "@/lib/catalog/list";
import { csvQuota } from "@/lib/catalog/csv-quota";
import { mayDownloadSnapshots } from "@/lib/catalog/snapshot-link";
import { downloadsAnything, webDownloadRights } from "@/lib/catalog/web-downloads";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { currentSnapshotFiles } from "@/lib/catalog/browse";
import { COMMERCIAL_USE, DECLARED_FREQUENCY, lagText, LANGUAGE, UPDATE_PATTERN } from "@/lib/web/catalog";
import { pageDataset } from "@/lib/web/detail-pages";
import { formatDateTime } from "@/components/format";
import { pageDb } from "@/lib/web/page-db";
import { textParam } from "@/lib/web/paging";
import { ownOrigin } from "@/lib/web/request-origin";

export const metadata: Metadata = { title: "Dataset" };

function accessOf(caller: Caller | null): DownloadAccess {
  if (!caller) return "anonymous";
  if (caller.account.suspended) return "suspended";
  return downloadsAnything(webDownloadRights(caller.account, caller.plan)) ? "download" : "upgrade";
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{value ?? "—"}</dd>
    </div>
  );
}

// /datasets/[id] – one dataset: its documentation, its current snapshot and, on eligible plans, its downloads
export default async function DatasetPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ descarga?: string }> }) {
  const { caller, viewer, detail } = await pageDataset((await params).id);
  const db = await pageDb();
  const [files, catalog, history, { descarga }] = await Promise.all([
    currentSnapshotFiles(db, detail.dataset_id),
    listDatasets(db, viewer, ownOrigin(await headers())),
    snapshotHistory(db, viewer, detail.dataset_id, { limit: 50, offset: 0 }),
    searchParams,
  ]);
  const rights = caller ? webDownloadRights(caller.account, caller.plan) : undefined;
  // The month's CSV count, only for plans that have one (null: unlimited, nothing to show).
  const quota = caller && rights?.csvMonthly ? await csvQuota(db, caller.accountId, rights.csvMonthly, now()) : undefined;
  const names = new Map(catalog.datasets.map((d) => [d.dataset_id, d.name]));
  const ai = detail.ai_metadata;
  const sla = detail.freshness_sla;
  const compliance = detail.compliance_notes;
  return (
    <>
      <p className="mb-4 text-sm">
        <Link href="/datasets" className="text-brand-700 underline">
          ← Catálogo
        </Link>
      </p>
      <PageHeader title={detail.name} description={detail.description ? <InlineMarkdown text={detail.description} /> : undefined} />
      <div className="-mt-2 mb-6 flex flex-wrap items-center gap-3">
        <span className="font-mono text-sm text-slate-700">{detail.dataset_id}</span>
        <TagLinks tags={detail.tags} />
      </div>
      {detail.content_advisory && (
        <Alert tone="warning" title="Antes de usarlo" className="mb-6">
          {detail.content_advisory}
        </Alert>
      )}

      <Card title="Snapshot actual" id="snapshot" className="scroll-mt-8">
        <SnapshotDownload
          datasetId={detail.dataset_id}
          snapshotDate={detail.snapshot_date}
          rowCount={detail.row_count}
          files={files}
          access={accessOf(caller)}
          error={textParam(descarga, 20) || undefined}
          rights={rights}
          csvQuota={quota}
        />
      </Card>

      <Card
        title="Historial de snapshots"
        id="historial"
        description="Para reproducir un análisis con los datos que usó y comprobar que un archivo es el publicado."
        className="mt-6 scroll-mt-8"
      >
        <SnapshotHistory datasetId={detail.dataset_id} items={history.items} canDownload={!!caller && !caller.account.suspended && mayDownloadSnapshots(caller.account)} retention={env().CATALOG_RETENTION} />
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title="Ficha">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact label="Fuente" value={detail.source.name} />
            <Fact label="Frecuencia" value={detail.frequency} />
            <Fact label="Granularidad" value={detail.granularity} />
            <Fact label="Profundidad histórica" value={detail.historical_depth} />
            <Fact label="Actualización" value={detail.update_pattern ? UPDATE_PATTERN[detail.update_pattern] : null} />
            <Fact
              label="Frescura comprometida"
              value={sla ? `${DECLARED_FREQUENCY[sla.declared_frequency] ?? sla.declared_frequency}; hasta ${lagText(sla.max_acceptable_lag_hours)} de demora` : null}
            />
            <Fact label="País" value={detail.country} />
            <Fact label="Idioma de origen" value={detail.source_native_language ? (LANGUAGE[detail.source_native_language] ?? detail.source_native_language) : null} />
            <Fact label="Metadatos actualizados" value={formatDateTime(ai.last_updated ?? detail.updated_at)} />
          </dl>
        </Card>
        <Card title="Licencia y uso">
          {compliance ? (
            <dl className="space-y-4">
              <Fact label="Licencia" value={compliance.license} />
              <Fact
                label="Uso comercial"
                value={<Badge tone={COMMERCIAL_USE[compliance.commercial_use]?.tone ?? "neutral"}>{COMMERCIAL_USE[compliance.commercial_use]?.label ?? compliance.commercial_use}</Badge>}
              />
              {compliance.attribution_required && <Fact label="Atribución requerida" value={compliance.attribution_required} />}
              {compliance.notes && <Fact label="Notas" value={<InlineMarkdown text={compliance.notes} />} />}
            </dl>
          ) : (
            <p className="text-slate-700">La fuente no declara condiciones de uso.</p>
          )}
        </Card>
      </div>

      {(ai.llm_intro || ai.business_questions?.length) && (
        <Card title="Qué contiene" className="mt-6">
          {ai.llm_intro && <Markdown text={ai.llm_intro} className="text-slate-700" />}
          {ai.business_questions?.length ? (
            <>
              <h3 className="mt-4 font-semibold text-slate-900">Preguntas que responde</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
                {ai.business_questions.map((q) => (
                  <li key={q}>
                    <InlineMarkdown text={q} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Card>
      )}

      {ai.columns?.length ? (
        <Card title="Columnas" description="Tipos, unidades y un valor de ejemplo de cada columna del snapshot." className="mt-6">
          <ColumnsTable columns={ai.columns} />
        </Card>
      ) : null}

      {ai.example_queries?.length ? (
        <Card
          title="Consultas de ejemplo"
          description={`Para DuckDB, Postgres o Polars sobre el archivo descargado. En DuckDB, poné la ruta del archivo entre comillas simples donde dice ${exampleTableName(detail.dataset_id)}: FROM '${detail.dataset_id}.parquet'.`}
          className="mt-6"
        >
          <ExampleQueries queries={ai.example_queries} />
        </Card>
      ) : null}

      {(ai.gotchas?.length || ai.methodology_notes) && (
        <Card title="Para tener en cuenta" className="mt-6">
          {ai.gotchas?.length ? (
            <ul className="space-y-3">
              {ai.gotchas.map((g) => (
                <li key={g.title} className="rounded-lg border-l-4 border-amber-400 bg-amber-50 px-4 py-3">
                  <p className="font-semibold text-amber-950">{g.title}</p>
                  <Markdown text={g.detail} className="mt-1 text-sm text-amber-950" />
                </li>
              ))}
            </ul>
          ) : null}
          {ai.methodology_notes && (
            <>
              <h3 className="mt-5 font-semibold text-slate-900">Metodología</h3>
              <Markdown text={ai.methodology_notes} className="mt-1 text-slate-700" />
            </>
          )}
        </Card>
      )}

      {ai.related_datasets?.length ? (
        <Card title="Datasets relacionados" className="mt-6">
          <ul className="space-y-2">
            {ai.related_datasets.map((r) => (
              <li key={r.id}>
                <Link href={`/datasets/${encodeURIComponent(r.id)}`} className="font-medium text-brand-700 underline">
                  {names.get(r.id) ?? r.id}
                </Link>
                {r.derived && (
                  <span className="ml-2">
                    <Badge tone="info">Este dataset se calcula de él y tiene su misma fecha</Badge>
                  </span>
                )}
                <span className="block text-sm text-slate-700">{r.relation}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  );
}
