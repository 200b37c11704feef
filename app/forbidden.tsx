import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { currentCaller } from "@/lib/web/current-caller";

export const metadata: Metadata = { title: "Acceso denegado" };

/**
 * The 403 page of `forbidden()`. Today only a suspended account gets it (requireCaller, requireAdmin), on every
 * page that reads its data, as the API answers it 403 account_suspended; it says so, and what to do.
 */
export default async function Forbidden() {
  const caller = await currentCaller();
  const suspended = caller?.account.suspended === true;
  return (
    <div className="mx-auto max-w-lg py-12 text-center">
      <p className="text-sm font-semibold text-brand-700">Error 403</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">{suspended ? "Tu cuenta está suspendida" : "No tenés acceso a esta página"}</h1>
      <p className="mt-3 text-slate-600">
        {suspended
          ? "Mientras siga suspendida no podés ver tus informes, tu saldo, tus claves ni tus pedidos, y la API responde 403. Escribinos para reactivarla."
          : "Tu cuenta no tiene permiso para ver este contenido."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/" className={buttonClass("primary")}>
          Ir al inicio
        </Link>
        <Link href="/datasets" className={buttonClass("secondary")}>
          Ver el catálogo
        </Link>
      </div>
    </div>
  );
}
