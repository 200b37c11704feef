import type { Metadata } from "next";
import Link from "next/link";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Ingresar" };

/** Only same-site paths are accepted as the post-login destination. */
const safeNext = (value: string | undefined) => (value && value.startsWith("/") && !value.startsWith("//") ? value : "/cuenta");

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  return (
    <main className="mx-auto max-w-sm px-4 py-16">
      <h1 className="mb-6 text-2xl font-semibold">Ingresar</h1>
      <LoginForm next={safeNext(next)} />
      <p className="mt-6 text-sm">
        ¿No tenés cuenta? <Link href="/signup" className="underline">Creá una gratis</Link>
      </p>
    </main>
  );
}
