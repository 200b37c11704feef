import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { checkResetLink, RESET_EXPIRED, RESET_INVALID } from "@/lib/accounts/password-reset";
import { pageDb } from "@/lib/web/page-db";
import { ResetPasswordForm } from "./reset-form";

export const metadata: Metadata = { title: "Contraseña nueva" };

// /recuperar-contrasena/nueva?token=… – the link of the reset e-mail: sets a new password, once
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const status = typeof token === "string" && token ? await checkResetLink(await pageDb(), token) : "invalid";
  return (
    <div className="mx-auto max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">Elegí una contraseña nueva</h1>
        {status === "ok" && typeof token === "string" ? (
          <>
            <p className="mt-1 mb-6 text-slate-600">Al guardarla se cierran todas las sesiones abiertas de tu cuenta.</p>
            <ResetPasswordForm token={token} />
          </>
        ) : (
          <div className="mt-4 space-y-4">
            <Alert tone="warning">{status === "expired" ? RESET_EXPIRED : RESET_INVALID}</Alert>
            <Link href="/recuperar-contrasena" className="font-medium text-brand-700 underline">
              Pedir otro enlace
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
