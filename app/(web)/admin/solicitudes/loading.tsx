import { PageSkeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return <PageSkeleton cards={2} cardHeight="h-72" label="Cargando…" />;
}
