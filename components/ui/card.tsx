import { useId, type ReactNode } from "react";

interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links shown at the right of the title. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Heading level of the title, so each page keeps a correct outline. */
  as?: "h2" | "h3";
  /** Anchor target (for links and pagination that jump to this card). */
  id?: string;
}

/** A titled card is a named region (its heading labels it), so it can be found by assistive technology. */
export function Card({ title, description, actions, children, className = "", as: Heading = "h2", id }: CardProps) {
  const titleId = useId();
  return (
    <section id={id} aria-labelledby={title ? titleId : undefined} className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}>
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {title && (
              <Heading id={titleId} className="text-lg font-semibold text-slate-900">
                {title}
              </Heading>
            )}
            {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
