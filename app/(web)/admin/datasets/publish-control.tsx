"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { formatDay, formatInt, plural } from "@/components/format";
import type { PublicationView } from "@/lib/catalog/publications";
import { publicationStatusAction, startPublicationAction } from "./actions";

const POLL_MS = 400;

function ProgressLine({ p, names }: { p: PublicationView["progress"][number]; names: Record<string, string> }) {
  const share = p.totalRows ? Math.min(100, Math.round((p.rows / Math.max(1, p.totalRows)) * 100)) : null;
  const text = p.totalRows ? `${formatInt(p.rows)} de ${plural(p.totalRows, "fila", "filas")} (${share}%)` : plural(p.rows, "fila", "filas");
  return (
    <li className="text-sm">
      <span className="font-medium">{names[p.datasetId] ?? p.datasetId}</span>: {text}
      {/* Without a total (files, derived views) the bar is indeterminate. */}
      <progress className="mt-1 block h-2 w-full accent-brand-600" max={p.totalRows ? 100 : undefined} value={share ?? undefined} aria-label={`Avance de ${names[p.datasetId] ?? p.datasetId}`} aria-valuetext={text} />
    </li>
  );
}

/**
 * Publishes a new snapshot of one dataset and follows it: the publication runs in the server process and this
 * polls its progress until it succeeds or fails, then refreshes the table with the new current snapshot.
 */
export function PublishControl(props: { datasetId: string; name: string; names: Record<string, string>; hasSnapshot: boolean }) {
  const { datasetId, name, names, hasSnapshot } = props;
  const router = useRouter();
  const [publication, setPublication] = useState<PublicationView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, startTransition] = useTransition();
  const running = publication?.state === "running";

  useEffect(() => {
    if (!publication || publication.state !== "running") return;
    const timer = setTimeout(() => {
      void publicationStatusAction({ jobId: publication.id ?? "", datasetId }).then((result) => {
        if (!result.ok) return setError(result.message);
        setPublication(result.value);
        if (result.value.state !== "running") router.refresh();
      });
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [publication, datasetId, router]);

  function start() {
    setError(null);
    startTransition(async () => {
      const result = await startPublicationAction(datasetId);
      if (!result.ok) return setError(result.message);
      setPublication(result.value);
      if (result.value.state !== "running") router.refresh();
    });
  }

  return (
    <div className="space-y-2 sm:min-w-56">
      <button type="button" onClick={start} disabled={starting || running} className={buttonClass("secondary", "sm")}>
        {starting || running ? "Publicando…" : "Publicar snapshot"}
        <span className="sr-only"> de {name}</span>
      </button>
      {publication?.state === "running" && (
        <div role="status" aria-live="polite" aria-label={`Publicación de ${name}`}>
          <p className="text-sm text-slate-700">Publicando desde la fuente…</p>
          <ul className="mt-1 space-y-2">
            {publication.progress.map((p) => (
              <ProgressLine key={p.datasetId} p={p} names={names} />
            ))}
          </ul>
        </div>
      )}
      {publication?.state === "done" && (
        <Alert tone="success" live="status" title="Snapshot publicado">
          <ul>
            {publication.published.map((p) => (
              <li key={p.datasetId}>
                {names[p.datasetId] ?? p.datasetId}: datos al {formatDay(p.snapshotDate)}, {plural(p.rows, "fila", "filas")}.
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {publication?.state === "failed" && (
        <Alert tone="danger" live="alert" title="No se pudo publicar">
          <p>{publication.error}</p>
          <p className="mt-1">{hasSnapshot ? "El snapshot anterior sigue vigente." : "El dataset sigue sin snapshot publicado."}</p>
        </Alert>
      )}
      {error && (
        <Alert tone="danger" live="alert">
          {error}
        </Alert>
      )}
    </div>
  );
}
