"use client";

import { buttonClass } from "@/components/ui/button";

/** Opens the browser's print dialog; the print stylesheet leaves only the report. */
export function PrintButton() {
  return (
    <button type="button" onClick={() => window.print()} className={buttonClass("secondary", "md")}>
      Imprimir o guardar PDF
    </button>
  );
}
