import type { Metadata } from "next";
import Link from "next/link";
import { RequestResetForm } from "./request-form";

export const metadata: Metadata = { title: "Recuperar contraseña" };

// /recuperar-contrasena – asks for a reset link by e-mail
export default function RequestResetPage() {
  return (
    <div className="mx-auto max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">¿Olvidaste tu contraseña?</h1>
        <p className="mt-1 mb-6 text-slate-600">Escribí el email de tu cuenta y te mandamos un enlace para elegir una nueva.</p>
        <RequestResetForm />
        <p className="mt-6 text-center text-sm text-slate-600">
          ¿La recordaste?{" "}
          <Link href="/login" className="font-medium text-brand-700 underline">
            Ingresá
          </Link>
        </p>
      </div>
    </div>
  );
}
