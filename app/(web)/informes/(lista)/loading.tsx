import { PageSkeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return <PageSkeleton cards={2} cardHeight="h-64" label="Cargando tus informes…" />;
}
