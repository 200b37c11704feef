import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { currentCaller } from "@/lib/web/current-caller";
import { SignUpForm } from "./signup-form";

export const metadata: Metadata = { title: "Crear cuenta" };

// /signup – a free account and its first user; its allotment is released once the emailed link is opened
export default async function SignUpPage() {
  if (await currentCaller()) redirect("/cuenta");
  return (
    <div className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2 md:items-start">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">Crear cuenta</h1>
        <p className="mt-1 mb-6 text-slate-600">Empezás en el plan Free, sin tarjeta.</p>
        <SignUpForm />
        <p className="mt-6 text-center text-sm text-slate-600">
          ¿Ya tenés cuenta?{" "}
          <Link href="/login" className="font-medium text-brand-700 underline">
            Ingresá
          </Link>
        </p>
      </div>
      <div className="space-y-3 text-slate-700 md:pt-8">
        <h2 className="text-lg font-semibold text-slate-900">Qué incluye el plan Free</h2>
        <ul className="list-disc space-y-2 pl-5">
          <li>Un cupo mensual para generar informes por CUIT desde la web.</li>
          <li>Claves de API para cuando pases a un plan con API REST.</li>
          <li>El catálogo de datasets públicos.</li>
        </ul>
        <p>
          <Link href="/planes" className="font-medium text-brand-700 underline">
            Ver todos los planes
          </Link>
        </p>
      </div>
    </div>
  );
}
