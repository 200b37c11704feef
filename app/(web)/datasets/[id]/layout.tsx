import { pageDataset } from "@/lib/web/detail-pages";

/** Decides 404 before the page streams (its loading state would otherwise commit a 200). */
export default async function DatasetLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string }> }) {
  await pageDataset((await params).id);
  return children;
}
