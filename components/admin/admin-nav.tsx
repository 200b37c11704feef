import { NavLink } from "@/components/layout/nav-link";

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

export function AdminNav() {
  return (
    <nav aria-label="Administración" className="no-print mb-8 flex gap-1 overflow-x-auto border-b border-slate-200 pb-2">
      {ADMIN_SECTIONS.map((s) => (
        <NavLink key={s.href} href={s.href} exact={s.exact} className="whitespace-nowrap">
          {s.label}
        </NavLink>
      ))}
    </nav>
  );
}
