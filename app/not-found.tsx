import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-lg py-12 text-center">
      <p className="text-sm font-semibold text-brand-700">Error 404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">No encontramos esta página</h1>
      <p className="mt-3 text-slate-600">Puede que la dirección esté mal escrita o que la página ya no exista.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/" className={buttonClass("primary")}>
          Ir al inicio
        </Link>
        <Link href="/cuenta" className={buttonClass("secondary")}>
          Mi cuenta
        </Link>
      </div>
    </div>
  );
}
