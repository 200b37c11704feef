import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { Section } from "@/lib/schemas/sections";
import { formatDay } from "@/components/format";
import { SECTION_STATUS } from "@/components/labels/reports";

interface SectionFrameProps {
  section: Section;
  /** The section's key, as the id the report's red flags link to (`#cheques`). */
  anchor?: string;
  /** Catalog names of the datasets the viewer may open; a source not in it is shown by its id, without a link. */
  datasetNames: Map<string, string>;
  children?: ReactNode;
}

/**
 * One report section: its title, where the data comes from and how fresh it is, its status, and why it is missing
 * or incomplete. Printed, every section starts on a new page.
 */
export function SectionFrame({ section, anchor, datasetNames, children }: SectionFrameProps) {
  const status = SECTION_STATUS[section.status];
  const sourceName = datasetNames.get(section.source);
  const meta = (
    <>
      Fuente:{" "}
      {sourceName ? (
        <a href={`/datasets/${encodeURIComponent(section.source)}`} className="text-brand-700 underline">
          {sourceName}
        </a>
      ) : (
        <span className="font-mono text-xs">{section.source}</span>
      )}{" "}
      · Datos al {formatDay(section.snapshot_date)}
    </>
  );
  return (
    <Card
      title={section.title}
      description={meta}
      actions={<Badge tone={status.tone}>{status.label}</Badge>}
      id={anchor}
      className="scroll-mt-8 print:break-before-page print:border-0 print:p-0 print:shadow-none"
    >
      {section.status === "no_disponible" ? (
        <Alert tone="neutral" title="Esta sección no está disponible">
          {section.error_reason ?? "La fuente no respondió para este CUIT."} No se muestran datos de esta fuente.
        </Alert>
      ) : (
        <>
          {section.status === "parcial" && (
            <Alert tone="warning" title="Faltan algunos datos" className="mb-4">
              {section.error_reason ?? "La fuente respondió con datos incompletos."}
            </Alert>
          )}
          {children}
        </>
      )}
    </Card>
  );
}

/** A sentence that stands for an authoritative empty answer ("no debts", "no hits"). */
export function NothingFound({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-900 ring-1 ring-green-200">
      <span aria-hidden="true">✓</span>
      {children}
    </p>
  );
}
