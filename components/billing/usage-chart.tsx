import { COST } from "@/lib/billing/costs";
import { formatDate, formatInt, plural } from "@/components/format";
import type { DailyUsage } from "@/lib/billing/ledger";

const BAR = 10;
const GAP = 2;
const HEIGHT = 100;

const dayLabel = (day: string) => formatDate(`${day}T12:00:00-03:00`);

/**
 * Units used per day as server-rendered SVG bars. The picture is decorative for screen readers, which get the
 * same information as a sentence; the axis labels are HTML so they stay legible at any width.
 */
export function UsageChart({ data }: { data: DailyUsage[] }) {
  const total = data.reduce((s, d) => s + d.units, 0);
  const peak = data.reduce((best, d) => (d.units > best.units ? d : best), data[0] ?? { day: "", units: 0 });
  const max = Math.max(COST.nuevo, peak.units);
  const width = data.length * (BAR + GAP);
  const summary =
    total === 0
      ? `Sin uso en los últimos ${data.length} días.`
      : `En los últimos ${data.length} días usaste ${plural(total, "unidad", "unidades")}, el equivalente a ${plural(Math.floor(total / COST.nuevo), "informe nuevo", "informes nuevos")}. El día de más uso fue el ${dayLabel(peak.day)}, con ${plural(peak.units, "unidad", "unidades")}.`;
  return (
    <figure>
      <div className="flex gap-2">
        <div aria-hidden="true" className="flex h-40 flex-col justify-between text-right text-xs text-slate-600 tabular-nums">
          <span>{formatInt(max)}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full flex-1 border-b border-l border-slate-300"
          aria-hidden="true"
          focusable="false"
        >
          {data.map((d, i) => {
            const h = d.units === 0 ? 0 : Math.max(1.5, (d.units / max) * HEIGHT);
            return (
              <rect key={d.day} x={i * (BAR + GAP) + GAP / 2} y={HEIGHT - h} width={BAR} height={h} className="fill-brand-600">
                <title>{`${dayLabel(d.day)}: ${plural(d.units, "unidad", "unidades")}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between pl-10 text-xs text-slate-600">
        <span>{data[0] ? dayLabel(data[0].day) : ""}</span>
        <span>{data.at(-1) ? dayLabel(data.at(-1)!.day) : ""}</span>
      </div>
      <figcaption className="mt-3 text-sm text-slate-700">{summary}</figcaption>
    </figure>
  );
}
