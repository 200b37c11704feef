import { NavLink } from "@/components/layout/nav-link";
import { ScrollHint } from "@/components/ui/scroll-hint";

const TABS = [
  { href: "/cuenta", label: "Resumen", exact: true },
  { href: "/cuenta/claves", label: "Claves de API", exact: false },
  { href: "/cuenta/saldo", label: "Saldo y packs", exact: false },
];

export function AccountNav() {
  return (
    <nav aria-label="Mi cuenta" className="no-print mb-8 border-b border-slate-200">
      <ScrollHint className="pb-2">
        <div className="flex gap-1">
          {TABS.map((t) => (
            <NavLink key={t.href} href={t.href} exact={t.exact} className="whitespace-nowrap">
              {t.label}
            </NavLink>
          ))}
        </div>
      </ScrollHint>
    </nav>
  );
}
