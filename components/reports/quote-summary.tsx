import Link from "next/link";
import { Stat } from "@/components/ui/stat";
import { COST } from "@/lib/billing/costs";
import type { QuoteResponse, ReportListItem } from "@/lib/schemas/reports";
import { formatDateTime, plural } from "@/components/format";
import { TIPO_ACCION } from "@/components/labels/reports";

interface QuoteSummaryProps {
  quote: QuoteResponse;
  previous: ReportListItem | null;
  /** The account counts reports per day instead of debiting balance. */
  dailyCap: boolean;
}

/** What confirming would do: new report or update, what it costs in reports and updates, and what is left. */
export function QuoteSummary({ quote, previous, dailyCap }: QuoteSummaryProps) {
  const nuevo = quote.tipo_accion_estimado === "nuevo";
  const cost = dailyCap
    ? "Sin cargo en saldo"
    : nuevo
      ? "1 informe nuevo"
      : "1 actualización";
  const costHint = dailyCap
    ? "Tu cuenta tiene un tope de informes por día en lugar de saldo."
    : nuevo
      ? `${plural(COST.nuevo, "unidad", "unidades")} de tu saldo.`
      : `${plural(COST.actualizacion, "unidad", "unidades")}: la cuarta parte de un informe nuevo.`;
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <Stat
        label="Qué vas a generar"
        value={TIPO_ACCION[quote.tipo_accion_estimado]}
        hint={
          nuevo ? (
            "Es el primer informe de este CUIT en tu cuenta."
          ) : previous ? (
            <>
              Ya tenés un informe de este CUIT del {formatDateTime(previous.generated_at)}.{" "}
              <Link href={`/informes/${previous.id}`} className="font-medium text-brand-700 underline">
                Ver el anterior
              </Link>
            </>
          ) : (
            "Ya generaste un informe de este CUIT: volver a generarlo es una actualización."
          )
        }
      />
      <Stat label="Costo" value={cost} hint={costHint} />
      <Stat
        label="Tu saldo alcanza para"
        value={plural(quote.saldo.disponible_informes_nuevos, "informe nuevo", "informes nuevos")}
        hint={`o ${plural(quote.saldo.disponible_actualizaciones, "actualización", "actualizaciones")}`}
      />
    </dl>
  );
}
