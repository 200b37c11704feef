import type { Metadata } from "next";
import { AdminNav } from "@/components/admin/admin-nav";
import { requireAdmin } from "@/lib/web/current-caller";

export const metadata: Metadata = { title: { default: "Administración", template: "%s · Admin · Legajo" }, robots: { index: false } };

/**
 * Admins only. Everyone else, signed in or not, gets the site's 404: the layout decides before anything
 * streams, so the status is a real 404. Pages and actions check again on their own.
 */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await requireAdmin();
  return (
    <>
      <p className="mb-2 text-sm font-medium tracking-wide text-brand-700 uppercase">Administración</p>
      <AdminNav />
      {children}
    </>
  );
}
