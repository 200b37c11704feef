import Link from "next/link";
import { pageDb } from "@/lib/web/page-db";
import { PackList } from "@/components/pricing/pack-list";
import { PlanCards } from "@/components/pricing/plan-cards";
import { buttonClass } from "@/components/ui/button";
import { getPrices } from "@/lib/billing/prices";
import { currentCaller } from "@/lib/web/current-caller";
import { planViewer } from "@/lib/web/plan-viewer";

const SECTIONS = [
  { title: "Identidad", text: "Denominación, tipo de persona, actividades, impuestos y domicilio fiscal del padrón." },
  { title: "Deudas en el sistema financiero", text: "Situación 1 a 6 por entidad, montos, días de atraso y refinanciaciones." },
  { title: "Cheques rechazados", text: "Número, fecha y causal de rechazo, pago y multa." },
  { title: "Listas de sanciones", text: "Coincidencias en listas internacionales de sanciones y personas expuestas." },
  { title: "Comercio exterior", text: "Actividad como importador y exportador por año, montos y destinos." },
  { title: "Riesgo fiscal", text: "Facturas apócrifas, REPSAL y otras listas de riesgo publicadas." },
  { title: "Marcas", text: "Marcas registradas a nombre del CUIT, clase y estado." },
  { title: "Concursos y quiebras", text: "Procesos abiertos, juzgado, fecha de apertura y síndico." },
];

export default async function Home() {
  const [caller, prices] = await Promise.all([currentCaller(), pageDb().then(getPrices)]);
  const viewer = await planViewer(caller);
  return (
    <div className="space-y-16">
      <section aria-labelledby="hero-title" className="rounded-2xl bg-brand-900 px-6 py-12 text-white sm:px-10 sm:py-16">
        <h1 id="hero-title" className="max-w-3xl text-3xl font-semibold tracking-tight sm:text-5xl">
          Todo lo que importa de un CUIT, en un solo informe.
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">
          Legajo reúne datos de identidad, deudas, cheques rechazados, listas de sanciones, comercio exterior, riesgo fiscal,
          marcas y concursos en un informe normalizado, en la web, por API o desde tu asistente de IA. Y te da acceso a un catálogo de datasets públicos
          de Argentina, listos para tu data warehouse.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          {caller ? (
            <Link href="/cuenta" className={buttonClass("secondary")}>
              Ir a mi cuenta
            </Link>
          ) : (
            <>
              <Link href="/signup" className={buttonClass("secondary")}>
                Crear cuenta gratis
              </Link>
              <Link href="/login" className={buttonClass("onDark")}>
                Ingresar
              </Link>
            </>
          )}
          <Link href="/datasets" className={buttonClass("onDark")}>
            Ver el catálogo
          </Link>
          <a href="/docs" className={buttonClass("onDark")}>
            Documentación de la API
          </a>
        </div>
      </section>

      <section aria-labelledby="what-title">
        <h2 id="what-title" className="text-2xl font-semibold tracking-tight">
          Qué trae cada informe
        </h2>
        <p className="mt-2 max-w-2xl text-slate-600">
          Ocho secciones, cada una con su fuente y la fecha de los datos. Se puede generar con un CUIT o con un DNI.
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SECTIONS.map((s) => (
            <li key={s.title} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h3 className="font-semibold text-slate-900">{s.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{s.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-title" className="grid gap-6 md:grid-cols-3">
        <h2 id="how-title" className="sr-only">
          Cómo se cobra
        </h2>
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="font-semibold">Pagás por CUIT, no por consulta</h3>
          <p className="mt-1 text-sm text-slate-600">El primer informe de un CUIT es un informe nuevo. Volver a generarlo es una actualización.</p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="font-semibold">Actualizar cuesta un cuarto</h3>
          <p className="mt-1 text-sm text-slate-600">Cuatro actualizaciones valen lo mismo que un informe nuevo. Sabés el costo antes de confirmar.</p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="font-semibold">Cupo mensual y packs</h3>
          <p className="mt-1 text-sm text-slate-600">Tu plan trae un cupo mensual. Si necesitás más, sumás packs de informes que no vencen.</p>
        </div>
      </section>

      <section aria-labelledby="plans-title">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="plans-title" className="text-2xl font-semibold tracking-tight">
              Planes
            </h2>
            <p className="mt-2 text-slate-600">Precios en pesos argentinos, por mes.</p>
          </div>
          <Link href="/planes" className="font-medium text-brand-700 underline hover:text-brand-900">
            Comparar planes en detalle
          </Link>
        </div>
        <div className="mt-6">
          <PlanCards plans={prices.plans} viewer={viewer} />
        </div>
      </section>

      <section aria-labelledby="packs-title">
        <h2 id="packs-title" className="text-2xl font-semibold tracking-tight">
          Packs de informes
        </h2>
        <p className="mt-2 max-w-2xl text-slate-600">
          Para cuando tu cupo mensual no alcanza. Se compran desde tu cuenta y se pagan por transferencia.
        </p>
        <div className="mt-6">
          <PackList packs={prices.informe_cuit_packs} />
        </div>
      </section>
    </div>
  );
}
