import { formatDateTime, formatLongDate } from "@/components/format";

/**
 * The printed report's letterhead: who issues it (Legajo), when it was printed, and which CUIT and report it is.
 * Hidden on screen, where the page header says the same; the only thing at the top of a printed page.
 */
export function ReportLetterhead({ cuit, reportId, generatedAt, printedAt }: { cuit: string; reportId: string; generatedAt: Date | string; printedAt: Date }) {
  return (
    <div className="print-letterhead mb-6 hidden border-b-2 border-slate-900 pb-3 print:block" data-testid="membrete">
      <div className="flex items-baseline justify-between gap-4">
        <p className="text-xl font-bold tracking-tight text-slate-900">Legajo</p>
        <p className="text-sm text-slate-700">{formatLongDate(printedAt)}</p>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Informe comercial · CUIT {cuit} · Informe {reportId} · Datos al {formatDateTime(generatedAt)}
      </p>
    </div>
  );
}
