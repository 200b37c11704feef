import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requireWebCaller } from "@/lib/auth/web";
import { getBalance } from "@/lib/billing/balance";

export const metadata: Metadata = { title: "Mi cuenta" };

export default async function AccountPage() {
  const caller = await requireWebCaller("/cuenta");
  const balance = await getBalance(await getDb(), caller.accountId, caller.plan?.informeCuitCupoMensualUnidades ?? null);
  return (
    <main className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-2xl font-semibold">Mi cuenta</h1>
      <p className="mt-2">
        Plan: <strong>{caller.plan?.displayLabel ?? caller.account.planTier}</strong>
        {caller.account.isAdmin && " · administrador"}
      </p>
      <p className="mt-2">
        Te alcanza para {balance.cupo.informes_nuevos + balance.comprado.informes_nuevos} informes nuevos o{" "}
        {balance.cupo.actualizaciones + balance.comprado.actualizaciones} actualizaciones.
      </p>
    </main>
  );
}
