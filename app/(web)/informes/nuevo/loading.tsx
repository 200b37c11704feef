import { PageSkeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return <PageSkeleton cards={2} cardHeight="h-48" label="Calculando la cotización…" />;
}
