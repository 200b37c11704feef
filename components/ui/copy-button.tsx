"use client";

import { useState } from "react";
import { buttonClass } from "./button";

/** Copies `value` to the clipboard and says so, to sighted and screen-reader users alike. */
export function CopyButton({ value, label = "Copiar" }: { value: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" onClick={() => void copy()} className={buttonClass("secondary", "sm")}>
        {label}
      </button>
      <span role="status" className="text-sm text-slate-700">
        {state === "copied" ? "¡Copiada!" : state === "failed" ? "No se pudo copiar; seleccioná el texto y copialo." : ""}
      </span>
    </span>
  );
}
