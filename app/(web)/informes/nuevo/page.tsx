import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import Link from "next/link";
import { NameSearch } from "@/components/reports/name-search";
import { NewReportForm } from "@/components/reports/new-report-form";
import { QuoteSummary } from "@/components/reports/quote-summary";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { formatCuit } from "@/lib/cuit";
import { DomainError } from "@/lib/errors";
import type { SearchResult } from "@/lib/schemas/search";
import { parseSearchQuery, searchNames } from "@/lib/search/names";
import { requireCaller } from "@/lib/web/current-caller";
import { formatInt, plural } from "@/components/format";
import { pageDb } from "@/lib/web/page-db";
import { enforceWebLimit } from "@/lib/web/rate-limit";
import { textParam } from "@/lib/web/paging";
import { webQuote, type WebQuote } from "@/lib/web/report-quote";
import { reportErrorText } from "@/lib/web/reports";
import { ConfirmReportForm } from "./confirm-form";

export const metadata: Metadata = { title: "Nuevo informe" };

// /informes/nuevo?cuit= – the quote of a CUIT or DNI, and the confirmation that generates the report
/**
 * The shortfall in this page's words. The API's sentence ends by sending the reader to "tu cuenta en la web"; here
 * they are on it, and the link to buy a pack follows the sentence.
 */
function webShortfall(q: { tipo_accion_estimado: "nuevo" | "actualizacion"; saldo: { disponible_informes_nuevos: number; disponible_actualizaciones: number } }): string {
  const what = q.tipo_accion_estimado === "nuevo" ? "un informe nuevo" : "una actualización";
  const { disponible_informes_nuevos: nuevos, disponible_actualizaciones: updates } = q.saldo;
  const left =
    nuevos === 0 && updates === 0
      ? "No te queda saldo."
      : `Te alcanza para ${plural(nuevos, "informe nuevo", "informes nuevos")} o ${plural(updates, "actualización", "actualizaciones")}.`;
  return `Tu saldo no alcanza para ${what} de este CUIT. ${left}`;
}

export default async function NewReportPage({ searchParams }: { searchParams: Promise<{ cuit?: string; nombre?: string }> }) {
  const params = await searchParams;
  const input = textParam(params.cuit, 40);
  const nombre = textParam(params.nombre, 100);
  const caller = await requireCaller(input ? `/informes/nuevo?cuit=${encodeURIComponent(input)}` : "/informes/nuevo");
  let result: WebQuote | null = null;
  let error: string | null = null;
  if (input) {
    try {
      result = await webQuote(await pageDb(), caller, input);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      error = reportErrorText(e);
    }
  }
  // The name search (GET /v1/search's service, with its per-account rate limit); free.
  let found: SearchResult[] | null = null;
  let searchError: string | null = null;
  if (nombre) {
    try {
      await enforceWebLimit("search", caller.accountId);
      found = (await searchNames(await pageDb(), parseSearchQuery(nombre))).items;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      searchError = e.message;
    }
  }
  const suspended = caller.account.suspended;
  const dailyCap = caller.account.billingModel === "daily_cap";
  return (
    <>
      <p className="mb-4 text-sm">
        <Link href="/informes" className="text-brand-700 underline">
          ← Mis informes
        </Link>
      </p>
      <PageHeader
        title="Nuevo informe"
        description="Ingresá un CUIT o un DNI. Antes de confirmar ves si es un informe nuevo o una actualización, cuánto cuesta y si tu saldo alcanza."
      />
      <Card>
        <NewReportForm key={input} defaultValue={input} error={error} />
      </Card>
      <Card title="¿No tenés el CUIT? Buscalo por nombre" className="mt-6">
        <NameSearch query={nombre} results={found} error={searchError} />
      </Card>
      {result && (
        <Card
          title={`CUIT ${formatCuit(result.quote.cuit)}`}
          description={result.dni ? `Resuelto a partir del DNI ${formatInt(Number(result.dni))}.` : undefined}
          className="mt-6"
        >
          <QuoteSummary quote={result.quote} previous={result.previous} dailyCap={dailyCap} />
          <div className="mt-6">
            {suspended ? (
              <Alert tone="danger" title="Tu cuenta está suspendida">
                Mientras siga suspendida no podés generar informes. Escribinos para reactivarla.
              </Alert>
            ) : result.quote.alcanza ? (
              <ConfirmReportForm
                cuit={result.quote.cuit}
                idempotencyKey={randomUUID()}
                label={result.quote.tipo_accion_estimado === "nuevo" ? "Confirmar y generar el informe" : "Confirmar y actualizar el informe"}
              />
            ) : (
              <Alert tone="warning" title={dailyCap ? "Llegaste al tope de informes de hoy" : "Tu saldo no alcanza"}>
                <p>{dailyCap ? result.quote.mensaje : webShortfall(result.quote)}</p>
                {!dailyCap && (
                  <Link href="/cuenta/saldo#packs" className="mt-2 inline-block font-medium underline">
                    Comprar un pack de informes
                  </Link>
                )}
              </Alert>
            )}
          </div>
        </Card>
      )}
    </>
  );
}
