"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { safeNext } from "@/lib/auth/safe-next";
import { throttledSeconds, tooManyAttemptsText } from "@/lib/auth/throttle-text";
import { formText } from "@/lib/form-data";

/**
 * `next` is the page to return to, or "" when there is none: then the browser goes back to /login, which sends a
 * signed-in admin to /admin and everyone else to /cuenta (app/(web)/login/page.tsx).
 */
export function LoginForm({ next }: { next: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    try {
      const result = await signIn("credentials", { email: formText(form, "email"), password: formText(form, "password"), redirect: false });
      if (result?.ok && !result.error) {
        // Checked again here: the prop is whatever the page rendered, and this is where the browser navigates.
        window.location.assign(next ? safeNext(next) : "/login");
        return;
      }
      const wait = throttledSeconds(result?.error);
      setError(wait === null ? "El email o la contraseña no son correctos." : tooManyAttemptsText(wait));
    } catch {
      setError("No pudimos conectarnos. Revisá tu conexión y probá de nuevo.");
    }
    setPending(false);
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <Field label="Email">
        <input name="email" type="email" required autoComplete="email" autoFocus className={inputClass} />
      </Field>
      <Field label="Contraseña">
        <input name="password" type="password" required autoComplete="current-password" className={inputClass} />
      </Field>
      <p className="-mt-2 text-sm">
        <Link href="/recuperar-contrasena" className="font-medium text-brand-700 underline">
          ¿Olvidaste tu contraseña?
        </Link>
      </p>
      {error && (
        <Alert tone="danger" live="alert">
          {error}
        </Alert>
      )}
      <button type="submit" disabled={pending} className={buttonClass("primary", "md", "w-full")}>
        {pending ? "Ingresando…" : "Ingresar"}
      </button>
      <p className="text-center text-sm text-slate-600">
        ¿No tenés cuenta?{" "}
        <Link href="/signup" className="font-medium text-brand-700 underline">
          Creá una gratis
        </Link>
      </p>
    </form>
  );
}
