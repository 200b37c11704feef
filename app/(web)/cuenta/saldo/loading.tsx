import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Cargando tu saldo…</span>
      <Skeleton className="h-9 w-56" />
      <Skeleton className="mt-3 h-12 w-full max-w-2xl" />
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
      <Skeleton className="mt-6 h-72" />
      <div className="mt-10 grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
      </div>
    </div>
  );
}
