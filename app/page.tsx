import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-semibold">Legajo</h1>
      <p className="mt-4 text-lg">Informes normalizados por CUIT y un catálogo de datasets públicos de Argentina.</p>
      <nav className="mt-8 flex gap-4">
        <Link href="/login" className="underline">Ingresar</Link>
        <Link href="/signup" className="underline">Crear cuenta</Link>
      </nav>
    </main>
  );
}
