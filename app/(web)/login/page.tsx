import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DEFAULT_NEXT, safeNext } from "@/lib/auth/safe-next";
import { currentCaller } from "@/lib/web/current-caller";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Ingresar" };

// /login – email and password; back to `next` afterwards, else admins to /admin and customers to /cuenta
export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  // A safe `next` wins; without one, where a signed-in person lands depends on who they are, known only here.
  const destination = safeNext(next, "");
  const caller = await currentCaller();
  if (caller) redirect(destination || (caller.account.isAdmin ? "/admin" : DEFAULT_NEXT));
  return (
    <div className="mx-auto max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">Ingresar</h1>
        <p className="mt-1 mb-6 text-slate-600">Entrá a tu cuenta para ver tus informes, tus claves de API y tu saldo.</p>
        <LoginForm next={destination} />
      </div>
    </div>
  );
}
