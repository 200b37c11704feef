import { PageSkeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return <PageSkeleton cards={1} cardHeight="h-96" label="Cargando los informes…" />;
}
