import { NavLink } from "@/components/layout/nav-link";

const TABS = [
  { href: "/cuenta", label: "Resumen", exact: true },
  { href: "/cuenta/claves", label: "Claves de API", exact: false },
  { href: "/cuenta/saldo", label: "Saldo y packs", exact: false },
];

export function AccountNav() {
  return (
    <nav aria-label="Mi cuenta" className="no-print mb-8 flex gap-1 overflow-x-auto border-b border-slate-200 pb-2">
      {TABS.map((t) => (
        <NavLink key={t.href} href={t.href} exact={t.exact} className="whitespace-nowrap">
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
