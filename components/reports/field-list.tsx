import type { SectionField } from "@/lib/schemas/sections";
import { formatDay, formatNumber } from "@/lib/web/format";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
/** Labels that name an amount, by their unit in parentheses: "Deuda total (miles de $)", "Monto FOB (USD)". */
const AMOUNT = /\((miles de )?\$\)|\(USD\)/;

/**
 * Section values are plain machine strings (ISO dates, numbers without separators). People read dates as
 * dd/mm/aaaa and amounts with thousands separators; counts, years and codes stay as they are.
 */
export function displayValue(label: string, value: string | null): string {
  if (value === null || value === "") return "Sin dato";
  if (DAY.test(value)) return formatDay(value);
  if (AMOUNT.test(label) && NUMBER.test(value)) return formatNumber(Number(value));
  return value;
}

/** A section's labelled values as a description list, in one or two columns. */
export function FieldList({ fields, columns = 2 }: { fields: SectionField[]; columns?: 1 | 2 }) {
  if (fields.length === 0) return null;
  return (
    <dl className={`grid gap-x-6 gap-y-3 ${columns === 2 ? "sm:grid-cols-2" : ""}`}>
      {fields.map((f) => (
        <div key={f.label} className="min-w-0 border-b border-slate-100 pb-2 print:break-inside-avoid">
          <dt className="text-sm text-slate-600">{f.label}</dt>
          <dd className={`mt-0.5 font-medium break-words ${f.value === null ? "text-slate-600 italic" : "text-slate-900"}`}>
            {displayValue(f.label, f.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
