"use client";

import { useState } from "react";
import { buttonClass } from "@/components/ui/button";

/**
 * The CSV button of a plan with a monthly count. The download leaves the page where it is (the file comes as an
 * attachment), so the count shown goes down on the click itself; the server's count is what the next visit reads,
 * and a download past it comes back to the page with the refusal.
 */
export function CountedDownload({ href, label, size, left }: { href: string; label: string; size: string; left: number }) {
  const [remaining, setRemaining] = useState(left);
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {remaining > 0 ? (
        <a href={href} onClick={() => setRemaining((n) => Math.max(0, n - 1))} className={buttonClass("secondary")}>
          Descargar {label}
          <span className="text-sm font-normal opacity-90">({size})</span>
        </a>
      ) : (
        <span className={buttonClass("secondary", "md", "cursor-not-allowed opacity-60")} aria-disabled="true">
          Descargar {label}
        </span>
      )}
      <span className="text-sm text-slate-700" role="status" data-testid="csv-quota">
        {remaining === 0 ? "No te quedan descargas CSV este mes" : `Te quedan ${remaining} ${remaining === 1 ? "descarga CSV" : "descargas CSV"} este mes`}
      </span>
    </span>
  );
}
