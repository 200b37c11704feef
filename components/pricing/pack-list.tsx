import type { InformeCuitPack } from "@/lib/schemas/billing";
import { coverage } from "@/lib/billing/costs";
import { formatArs, plural } from "@/components/format";

/** The packs of purchased balance, each in reports and updates and with its price per report. */
type Pack = InformeCuitPack & { id?: string };

export function PackList<P extends Pack>({ packs, children }: { packs: P[]; children?: (pack: P) => React.ReactNode }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {packs.map((pack) => {
        const c = coverage(pack.unidades);
        return (
          <li key={pack.id ?? pack.displayLabel} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h3 className="font-semibold text-slate-900">{pack.displayLabel}</h3>
            <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{formatArs(pack.priceArs)}</p>
            <p className="mt-2 flex-1 text-sm text-slate-700">
              {plural(c.informes_nuevos, "informe nuevo", "informes nuevos")} o {plural(c.actualizaciones, "actualización", "actualizaciones")}.{" "}
              <span className="text-slate-600">{formatArs(Math.round(pack.priceArs / pack.packSize))} por informe.</span>
            </p>
            <p className="mt-1 text-xs text-slate-600">No vence. Se suma al cupo de tu plan. ({plural(pack.unidades, "unidad", "unidades")})</p>
            {children && <div className="mt-4">{children(pack)}</div>}
          </li>
        );
      })}
    </ul>
  );
}
