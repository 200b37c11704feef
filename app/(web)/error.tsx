"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";

/** Shown when a page fails unexpectedly; the details stay in the server log (the digest links the two). */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    if (error.digest) document.title = "Error · Legajo";
  }, [error]);
  return (
    <div role="alert" className="mx-auto max-w-lg py-12 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Algo salió mal</h1>
      <p className="mt-3 text-slate-600">No pudimos mostrar esta página. Probá de nuevo en unos segundos.</p>
      {error.digest && <p className="mt-2 font-mono text-xs text-slate-600">Código: {error.digest}</p>}
      <Button className="mt-6" onClick={reset}>
        Reintentar
      </Button>
    </div>
  );
}
