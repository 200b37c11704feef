import type { SectionField } from "@/lib/schemas/sections";
import { formatDay, formatMoney, formatPeriod } from "@/components/format";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;
/** A month written inside a label: "Banco Nación (2026-09)". */
const MONTH_IN_LABEL = /\((\d{4}-\d{2})\)/g;
const NUMBER = /^-?\d+(\.\d+)?$/;
/** Labels that name an amount, by their unit in parentheses: "Deuda total (miles de $)", "Monto FOB (USD)". */
const AMOUNT = /\((miles de )?\$\)|\(USD\)/;

/**
 * Section values are plain machine strings (ISO dates and months, numbers without separators). People read dates
 * as dd/mm/aaaa, months as "septiembre de 2026" and amounts with thousands separators and two decimals; counts,
 * years and codes stay as they are.
 */
export function displayValue(label: string, value: string | null): string {
  if (value === null || value === "") return "Sin dato";
  if (DAY.test(value)) return formatDay(value);
  if (MONTH.test(value)) return formatPeriod(value);
  if (AMOUNT.test(label) && NUMBER.test(value)) return formatMoney(Number(value));
  return value;
}

/** A label with a month in it reads the month in words too. */
export const displayLabel = (label: string): string => label.replace(MONTH_IN_LABEL, (_, month: string) => `(${formatPeriod(month)})`);

/** A section's labelled values as a description list, in one or two columns. */
export function FieldList({ fields, columns = 2 }: { fields: SectionField[]; columns?: 1 | 2 }) {
  if (fields.length === 0) return null;
  return (
    <dl className={`grid gap-x-6 gap-y-3 ${columns === 2 ? "sm:grid-cols-2" : ""}`}>
      {fields.map((f) => (
        <div key={f.label} className="min-w-0 border-b border-slate-100 pb-2 print:break-inside-avoid">
          <dt className="text-sm text-slate-600">{displayLabel(f.label)}</dt>
          <dd className={`mt-0.5 font-medium break-words ${f.value === null ? "text-slate-600 italic" : "text-slate-900"}`}>
            {displayValue(f.label, f.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
