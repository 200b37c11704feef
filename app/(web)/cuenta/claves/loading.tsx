import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Cargando tus claves…</span>
      <Skeleton className="h-9 w-56" />
      <Skeleton className="mt-3 h-12 w-full max-w-2xl" />
      <Skeleton className="mt-8 h-44" />
      <Skeleton className="mt-6 h-64" />
    </div>
  );
}
