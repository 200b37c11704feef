"use client";

import { useActionState, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { Stat } from "@/components/ui/stat";
import { SubmitButton } from "@/components/ui/submit-button";
import { Table, tdClass, thClass } from "@/components/ui/table";
import type { BatchPreview } from "@/lib/batches/preview";
import { IDLE } from "@/lib/web/action-state";
import { formatInt, plural } from "@/components/format";
import { createBatchAction } from "./actions";

/** The preview of a list: every row with its check, the quote, and the confirmation that starts the batch. */
function Preview({ preview, idempotencyKey, dailyCap }: { preview: BatchPreview; idempotencyKey: string; dailyCap: boolean }) {
  const [state, action] = useActionState(createBatchAction, IDLE);
  const q = preview.cotizacion;
  const toRun = q.nuevos + q.actualizaciones;
  return (
    <section aria-labelledby="vista-previa" className="mt-6 space-y-4">
      <h3 id="vista-previa" className="text-base font-semibold text-slate-900">
        Revisá la lista antes de confirmar
      </h3>
      <dl className="grid gap-4 sm:grid-cols-4">
        <Stat label="Filas" value={formatInt(q.total)} hint={`${plural(q.invalidos, "con error", "con errores")}, ${plural(q.duplicados, "repetida", "repetidas")}`} />
        <Stat label="Informes nuevos" value={formatInt(q.nuevos)} />
        <Stat label="Actualizaciones" value={formatInt(q.actualizaciones)} />
        <Stat label="Costo máximo" value={dailyCap ? "Sin cargo en saldo" : `${plural(q.costo_maximo_unidades, "unidad", "unidades")}`} hint="Los CUIT sin datos no se cobran." />
      </dl>
      {q.alcanza ? (
        <Alert tone="success" title={dailyCap ? "Te alcanza el tope diario" : "Tu saldo alcanza"}>
          Podés generar todos los informes de la lista.
        </Alert>
      ) : (
        <Alert tone="warning" title={dailyCap ? "No te alcanza el tope diario" : "Tu saldo no alcanza para toda la lista"}>
          {dailyCap ? (
            q.mensaje
          ) : (
            // The API's sentence sends the reader to "tu cuenta en la web"; here they are on it, so: a link.
            <>
              Te alcanza para {plural(q.saldo.disponible_informes_nuevos, "informe nuevo", "informes nuevos")} o{" "}
              {plural(q.saldo.disponible_actualizaciones, "actualización", "actualizaciones")}. Los informes que no se puedan pagar quedan sin
              generar y no se cobran.{" "}
              <a href="/cuenta/saldo#packs" className="font-medium underline">
                Comprar un pack de informes
              </a>
            </>
          )}
        </Alert>
      )}
      <Table caption="Filas de la lista">
        <thead>
          <tr>
            <th scope="col" className={thClass}>Fila</th>
            <th scope="col" className={thClass}>Entrada</th>
            <th scope="col" className={thClass}>CUIT</th>
            <th scope="col" className={thClass}>Revisión</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {preview.filas.map((f) => (
            <tr key={f.posicion} className={f.error ? "bg-red-50" : undefined} data-invalid={f.error ? "true" : undefined}>
              <td className={`${tdClass} tabular-nums`}>{f.posicion}</td>
              <td className={`${tdClass} font-mono`}>{f.entrada}</td>
              <td className={`${tdClass} font-mono`}>{f.cuit ?? "—"}</td>
              <td className={tdClass}>
                {f.error ? (
                  <span className="font-medium text-red-800">
                    <Badge tone="danger">Inválida</Badge> {f.error}
                  </span>
                ) : f.duplicadoDe ? (
                  <Badge tone="neutral">{`Repetida de la fila ${f.duplicadoDe}: se genera una vez`}</Badge>
                ) : (
                  <Badge tone="success">Válida</Badge>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {toRun === 0 ? (
        <Alert tone="danger" title="No hay ningún CUIT o DNI válido en la lista">
          Corregí las filas marcadas y volvé a subirla.
        </Alert>
      ) : (
        <form action={action} className="space-y-3">
          <input type="hidden" name="entradas" value={JSON.stringify(preview.entradas)} />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <SubmitButton pendingText="Iniciando el lote…">{`Confirmar y generar ${plural(toRun, "informe", "informes")}`}</SubmitButton>
          {state.status === "error" && state.message && (
            <Alert tone="danger" live="alert" title="No se inició el lote">
              {state.message}
            </Alert>
          )}
        </form>
      )}
    </section>
  );
}

/**
 * Step one of a batch: a CSV or XLSX file or a pasted list. The preview is computed on the server (it reads the
 * file and checks every row against the padrón) and charges nothing; the confirmation starts the batch.
 */
export function BatchUploader({ dailyCap }: { dailyCap: boolean }) {
  const [preview, setPreview] = useState<{ data: BatchPreview; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setPending(true);
    setError(null);
    setPreview(null);
    try {
      const form = new FormData(e.currentTarget);
      const file = form.get("archivo");
      const pasted = form.get("lista");
      const upload: RequestInit =
        file instanceof File && file.size > 0
          ? { headers: { "content-type": "application/octet-stream", "x-archivo": encodeURIComponent(file.name) }, body: file }
          : { headers: { "content-type": "text/plain; charset=utf-8" }, body: typeof pasted === "string" ? pasted : "" };
      const res = await fetch("/informes/lote/vista-previa", { method: "POST", ...upload });
      const body = (await res.json().catch(() => null)) as (BatchPreview & { message?: string }) | null;
      if (!res.ok || !body) setError(body?.message ?? "No pudimos revisar la lista. Probá de nuevo en unos segundos.");
      else setPreview({ data: body, key: crypto.randomUUID() });
    } catch {
      setError("No pudimos conectarnos. Revisá tu conexión y probá de nuevo.");
    } finally {
      setPending(false);
    }
  }

  return (
    <div>
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <Field label="Archivo CSV o XLSX" hint="La primera columna con un CUIT o DNI por fila; el encabezado es opcional. Hasta 1.000 filas y 5 MB.">
          <input name="archivo" type="file" accept=".csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" className={inputClass} />
        </Field>
        <Field label="O pegá la lista" hint="Un CUIT o DNI por línea. Si elegiste un archivo, se usa el archivo.">
          <textarea name="lista" rows={5} spellCheck={false} className={`${inputClass} font-mono`} placeholder={"30-50001091-2\n20123456786\n12.345.678"} />
        </Field>
        <button type="submit" disabled={pending} aria-disabled={pending} className={buttonClass("primary", "md")}>
          {pending ? "Revisando la lista…" : "Revisar la lista"}
        </button>
      </form>
      {error && (
        <Alert tone="danger" live="alert" title="No pudimos usar esa lista" className="mt-4">
          {error}
        </Alert>
      )}
      {preview && <Preview preview={preview.data} idempotencyKey={preview.key} dailyCap={dailyCap} />}
    </div>
  );
}
