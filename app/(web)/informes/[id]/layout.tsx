import { pageReport } from "@/lib/web/detail-pages";

/** Decides 404 before the page streams (its loading state would otherwise commit a 200). */
export default async function ReportLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string }> }) {
  await pageReport((await params).id);
  return children;
}
