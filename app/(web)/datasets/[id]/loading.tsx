import { PageSkeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return <PageSkeleton cards={3} cardHeight="h-56" label="Cargando el dataset…" />;
}
