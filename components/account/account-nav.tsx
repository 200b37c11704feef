import { SubNav } from "@/components/layout/sub-nav";

const TABS = [
  { href: "/cuenta", label: "Resumen", exact: true },
  { href: "/cuenta/claves", label: "Claves de API" },
  { href: "/cuenta/saldo", label: "Saldo y packs" },
];

export const AccountNav = () => <SubNav label="Mi cuenta" sections={TABS} />;
