import { PageSkeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return <PageSkeleton cards={4} cardHeight="h-64" label="Cargando el informe…" />;
}
