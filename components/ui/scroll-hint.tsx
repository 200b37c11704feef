"use client";

import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A row that scrolls sideways, with a visible sign that it does: a fade and an arrow on each edge that has more
 * to show. Before the browser measures it (first paint) the right-hand sign shows on narrow screens, where the
 * row is known not to fit. The arrows scroll the row by a step; keyboard users reach every link with Tab anyway.
 */
export function ScrollHint({ children, className = "" }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<{ left: boolean; right: boolean } | null>(null);

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setEdges({ left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Keep the current section in view (without moving the page), then say what is left on either side.
    const current = el.querySelector<HTMLElement>("[aria-current]");
    if (current && current.offsetLeft + current.offsetWidth > el.clientWidth) el.scrollLeft = current.offsetLeft - 48;
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    return () => {
      el.removeEventListener("scroll", measure);
      resize.disconnect();
    };
  }, [measure]);

  const step = (dir: 1 | -1) => ref.current?.scrollBy({ left: dir * Math.max(120, (ref.current?.clientWidth ?? 0) * 0.6), behavior: "smooth" });
  const right = edges === null ? "hidden max-sm:flex" : edges.right ? "flex" : "hidden";
  const left = edges?.left ? "flex" : "hidden";
  return (
    <div className="relative">
      <div ref={ref} className={`overflow-x-auto [scrollbar-width:thin] ${className}`}>
        {children}
      </div>
      <div aria-hidden="true" className={`pointer-events-none absolute inset-y-0 left-0 w-12 items-start bg-linear-to-r from-white via-white/90 to-transparent ${left}`}>
        <button
          type="button"
          tabIndex={-1}
          onClick={() => step(-1)}
          className="pointer-events-auto mt-1 rounded-full px-1.5 text-lg leading-7 text-brand-700"
          data-testid="scroll-hint-left"
        >
          ‹
        </button>
      </div>
      <div aria-hidden="true" className={`pointer-events-none absolute inset-y-0 right-0 w-12 items-start justify-end bg-linear-to-l from-white via-white/90 to-transparent ${right}`}>
        <button
          type="button"
          tabIndex={-1}
          onClick={() => step(1)}
          className="pointer-events-auto mt-1 rounded-full px-1.5 text-lg leading-7 text-brand-700"
          data-testid="scroll-hint-right"
        >
          ›
        </button>
      </div>
    </div>
  );
}
