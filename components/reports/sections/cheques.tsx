import type { Section } from "@/lib/schemas/sections";
import { FieldList } from "../field-list";
import { NothingFound } from "../section-frame";

/** BCRA cheques rechazados: how many, how much, how many still unpaid, and why they bounced. */
export function ChequesSection({ section }: { section: Section }) {
  const count = Number(section.fields.find((f) => f.label === "Cheques rechazados")?.value ?? "0");
  if (count === 0 && section.fields.length <= 1) return <NothingFound>Sin cheques rechazados informados.</NothingFound>;
  return <FieldList fields={section.fields} />;
}
