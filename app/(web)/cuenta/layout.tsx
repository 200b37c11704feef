import { AccountNav } from "@/components/account/account-nav";
import { Alert } from "@/components/ui/alert";
import { currentCaller } from "@/lib/web/current-caller";

/** The account area's tabs, and the suspension notice on every account page. Each page checks the login itself. */
export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const caller = await currentCaller();
  return (
    <>
      <AccountNav />
      {caller?.account.suspended && (
        <Alert tone="danger" title="Tu cuenta está suspendida" className="mb-6">
          Mientras siga suspendida no podés generar informes, crear claves ni hacer pedidos, y la API responde 403. Escribinos para
          reactivarla.
        </Alert>
      )}
      {children}
    </>
  );
}
