"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

interface NavLinkProps {
  href: string;
  children: ReactNode;
  exact?: boolean;
  className?: string;
  /** A page that is not part of the app router (a route handler such as /docs): a plain link, no prefetch. */
  document?: boolean;
}

/** A navigation link that marks itself as the current page (aria-current) for its path and the paths below. */
export function NavLink({ href, children, exact = false, className = "", document = false }: NavLinkProps) {
  const pathname = usePathname();
  const current = exact ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
  const Anchor = document ? "a" : Link;
  return (
    <Anchor
      href={href}
      aria-current={current ? "page" : undefined}
      // Inside the folded phone menu, following a link closes the menu.
      onClick={(e) => e.currentTarget.closest("details")?.removeAttribute("open")}
      className={`rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800 ${className}`}
    >
      {children}
    </Anchor>
  );
}
