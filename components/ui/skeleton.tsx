/**
 * Placeholder blocks for loading.tsx. Each has a fixed height close to the content it stands for, so the page
 * does not jump when the data arrives.
 */
export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-slate-200 ${className}`} />;
}

/** A whole page of placeholders: a title, `cards` cards of `cardHeight`, announced once as loading. */
export function PageSkeleton({ cards = 2, cardHeight = "h-48", label = "Cargando…" }: { cards?: number; cardHeight?: string; label?: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="mt-3 h-5 w-96 max-w-full" />
      <div className="mt-8 space-y-6">
        {Array.from({ length: cards }, (_, i) => (
          <Skeleton key={i} className={`w-full ${cardHeight}`} />
        ))}
      </div>
    </div>
  );
}
