import type { Metadata } from "next";
import { Alert } from "@/components/ui/alert";
import { currentCaller } from "@/lib/web/current-caller";
import { VerifyForm } from "./verify-form";

export const metadata: Metadata = { title: "Confirmar email" };

// /verificar-email?token=… – the link of the sign-up e-mail: confirms the address and releases the allotment
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const signedIn = (await currentCaller()) !== null;
  return (
    <div className="mx-auto max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">Confirmar email</h1>
        {typeof token === "string" && token ? (
          <>
            <p className="mt-1 mb-6 text-slate-600">Confirmá que este email es tuyo para activar el cupo de tu plan.</p>
            <VerifyForm token={token} signedIn={signedIn} />
          </>
        ) : (
          <Alert tone="warning" className="mt-4">
            Este enlace está incompleto. Abrilo entero desde el email que te mandamos.
          </Alert>
        )}
      </div>
    </div>
  );
}
