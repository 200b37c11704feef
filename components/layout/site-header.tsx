import Link from "next/link";
import { currentCaller } from "@/lib/web/current-caller";
import { buttonClass } from "@/components/ui/button";
import { LogoutButton } from "./logout-button";
import { NavLink } from "./nav-link";

interface NavItem {
  href: string;
  label: string;
  /** Served by a route handler, not a page: a plain link. */
  document?: boolean;
}

const PUBLIC_NAV: NavItem[] = [
  { href: "/datasets", label: "Catálogo" },
  { href: "/planes", label: "Planes" },
  { href: "/docs", label: "Documentación", document: true },
];

function Logo() {
  return (
    <Link href="/" className="flex items-center gap-2 rounded-md font-semibold text-slate-900">
      <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-brand-600 text-sm font-bold text-white">
        L
      </span>
      <span className="text-lg">Legajo</span>
    </Link>
  );
}

/** The top bar of every page: where to go, and who is signed in. Below 768 px the links fold into a menu. */
export async function SiteHeader() {
  const caller = await currentCaller();
  const nav: NavItem[] = caller
    ? [{ href: "/informes", label: "Informes" }, { href: "/informes/lote", label: "En lote" }, { href: "/monitoreo", label: "Monitoreo" }, ...PUBLIC_NAV, { href: "/cuenta", label: "Mi cuenta" }]
    : PUBLIC_NAV;
  if (caller?.account.isAdmin) nav.push({ href: "/admin", label: "Admin" });
  const session = caller ? (
    <LogoutButton />
  ) : (
    <>
      <Link href="/login" className={buttonClass("ghost", "sm")}>
        Ingresar
      </Link>
      <Link href="/signup" className={buttonClass("primary", "sm")}>
        Crear cuenta
      </Link>
    </>
  );
  return (
    <header className="no-print border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Principal" className="hidden items-center gap-1 md:flex">
          {nav.map((item) => (
            <NavLink key={item.href} href={item.href} document={item.document}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">{session}</div>
        <details className="group relative md:hidden">
          <summary className={`${buttonClass("secondary", "sm")} list-none [&::-webkit-details-marker]:hidden`}>
            <span>Menú</span>
            <span aria-hidden="true" className="transition-transform group-open:rotate-180">
              ▾
            </span>
          </summary>
          <div className="absolute right-0 z-20 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
            <nav aria-label="Principal (móvil)" className="flex flex-col">
              {nav.map((item) => (
                <NavLink key={item.href} href={item.href} document={item.document}>
                  {item.label}
                </NavLink>
              ))}
            </nav>
            <div className="mt-2 flex flex-wrap gap-2 border-t border-slate-200 px-1 pt-3">{session}</div>
          </div>
        </details>
      </div>
    </header>
  );
}
