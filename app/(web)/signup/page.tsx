import type { Metadata } from "next";
import Link from "next/link";
import { SignUpForm } from "./signup-form";

export const metadata: Metadata = { title: "Crear cuenta" };

export default function SignUpPage() {
  return (
    <main className="mx-auto max-w-sm px-4 py-16">
      <h1 className="mb-6 text-2xl font-semibold">Crear cuenta</h1>
      <SignUpForm />
      <p className="mt-6 text-sm">
        ¿Ya tenés cuenta? <Link href="/login" className="underline">Ingresá</Link>
      </p>
    </main>
  );
}
