import Link from "next/link";

export function SiteFooter() {
  return (
    <footer className="no-print mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <p>Legajo · Informes por CUIT y datos públicos de Argentina.</p>
        <nav aria-label="Pie de página" className="flex flex-wrap gap-x-4 gap-y-2">
          <Link href="/planes" className="underline hover:text-slate-900">
            Planes y precios
          </Link>
          <Link href="/datasets" className="underline hover:text-slate-900">
            Catálogo
          </Link>
          <a href="/docs" className="underline hover:text-slate-900">
            Documentación de la API
          </a>
        </nav>
      </div>
    </footer>
  );
}
