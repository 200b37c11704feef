import { SubNav, type SubNavSection } from "@/components/layout/sub-nav";

/** The admin console's sections, in menu order. */
export const ADMIN_SECTIONS: SubNavSection[] = [
  { href: "/admin", label: "Resumen", exact: true },
  { href: "/admin/cuentas", label: "Cuentas" },
  { href: "/admin/pedidos", label: "Pedidos" },
  { href: "/admin/solicitudes", label: "Solicitudes de plan" },
  { href: "/admin/informes", label: "Informes" },
  { href: "/admin/datasets", label: "Datasets" },
  { href: "/admin/auditoria", label: "Auditoría" },
];

export const AdminNav = () => <SubNav label="Administración" sections={ADMIN_SECTIONS} />;
