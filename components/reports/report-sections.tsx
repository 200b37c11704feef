import type { ReactNode } from "react";
import { SECTION_KEYS, type SectionKey } from "@/lib/engine/types";
import type { Sections } from "@/lib/schemas/sections";
import { SECTION_NAME } from "@/components/labels/reports";
import { SectionFrame } from "./section-frame";
import { ChequesSection } from "./sections/cheques";
import { ComexSection } from "./sections/comex";
import { DebtsSection } from "./sections/debts";
import { FiscalRiskSection } from "./sections/fiscal-risk";
import { IdentitySection } from "./sections/identity";
import { InsolvencySection } from "./sections/insolvency";
import { ScreeningSection } from "./sections/screening";
import { TrademarksSection } from "./sections/trademarks";

function body(key: SectionKey, sections: Sections): ReactNode {
  switch (key) {
    case "identidad":
      return <IdentitySection section={sections.identidad!} />;
    case "crediticio":
      return <DebtsSection section={sections.crediticio!} />;
    case "cheques":
      return <ChequesSection section={sections.cheques!} />;
    case "screening":
      return <ScreeningSection section={sections.screening!} />;
    case "comex":
      return <ComexSection section={sections.comex!} />;
    case "riesgoFiscal":
      return <FiscalRiskSection section={sections.riesgoFiscal!} />;
    case "marcas":
      return <TrademarksSection section={sections.marcas!} />;
    case "concursos":
      return <InsolvencySection section={sections.concursos!} />;
  }
}

/** The report's sections in the engine's order, each rendered for people; absent sections are named at the end. */
export function ReportSections({ sections, datasetNames }: { sections: Sections; datasetNames: Map<string, string> }) {
  const present = SECTION_KEYS.filter((k) => sections[k]);
  const absent = SECTION_KEYS.filter((k) => !sections[k]);
  return (
    // Printed, tables show whole instead of scrolling inside their box.
    <div className="space-y-6 print:[&_[role=region]]:overflow-visible">
      {present.map((key) => (
        <SectionFrame key={key} anchor={key} section={sections[key]!} datasetNames={datasetNames}>
          {body(key, sections)}
        </SectionFrame>
      ))}
      {absent.length > 0 && (
        <p className="text-sm text-slate-600">
          Sin sección de {absent.map((k) => SECTION_NAME[k]).join(", ")}: la fuente no tenía datos cargados cuando se generó el informe.
        </p>
      )}
    </div>
  );
}
