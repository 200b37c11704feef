import { NavLink } from "@/components/layout/nav-link";
import { ScrollHint } from "@/components/ui/scroll-hint";

/** The admin console's sections, in menu order. */
export const ADMIN_SECTIONS: { href: string; label: string; exact?: boolean }[] = [
  { href: "/admin", label: "Resumen", exact: true },
  { href: "/admin/cuentas", label: "Cuentas" },
  { href: "/admin/pedidos", label: "Pedidos" },
  { href: "/admin/solicitudes", label: "Solicitudes de plan" },
  { href: "/admin/informes", label: "Informes" },
  { href: "/admin/datasets", label: "Datasets" },
  { href: "/admin/auditoria", label: "Auditoría" },
];

/** On a phone the sections do not fit in one row: the row scrolls, and a fade with an arrow says so. */
export function AdminNav() {
  return (
    <nav aria-label="Administración" className="no-print mb-8 border-b border-slate-200">
      <ScrollHint className="pb-2">
        <div className="flex gap-1 pr-8 sm:pr-0">
          {ADMIN_SECTIONS.map((s) => (
            <NavLink key={s.href} href={s.href} exact={s.exact} className="whitespace-nowrap">
              {s.label}
            </NavLink>
          ))}
        </div>
      </ScrollHint>
    </nav>
  );
}
