"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { formText } from "@/lib/form-data";

export function LoginForm({ next }: { next: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("credentials", { email: formText(form, "email"), password: formText(form, "password"), redirect: false });
    if (result?.ok) {
      window.location.assign(next);
      return;
    }
    setPending(false);
    setError("Email o contraseña incorrectos.");
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <label className="block">
        <span className="text-sm font-medium">Email</span>
        <input name="email" type="email" required autoComplete="email" className="mt-1 w-full rounded border border-slate-300 px-3 py-2" />
      </label>
      <label className="block">
        <span className="text-sm font-medium">Contraseña</span>
        <input name="password" type="password" required autoComplete="current-password" className="mt-1 w-full rounded border border-slate-300 px-3 py-2" />
      </label>
      {error && (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <button disabled={pending} className="w-full rounded bg-slate-900 px-4 py-2 font-medium text-white disabled:opacity-60">
        {pending ? "Ingresando…" : "Ingresar"}
      </button>
    </form>
  );
}
