import { NavLink } from "@/components/layout/nav-link";
import { ScrollHint } from "@/components/ui/scroll-hint";

export interface SubNavSection {
  href: string;
  label: string;
  exact?: boolean;
}

/** An area's sections as tabs. On a phone that cannot show them in one row, the row scrolls and a fade with an arrow says so. */
export function SubNav({ label, sections }: { label: string; sections: readonly SubNavSection[] }) {
  return (
    <nav aria-label={label} className="no-print mb-8 border-b border-slate-200">
      <ScrollHint className="pb-2">
        <div className="flex gap-1 pr-8 sm:pr-0">
          {sections.map((s) => (
            <NavLink key={s.href} href={s.href} exact={s.exact} className="whitespace-nowrap">
              {s.label}
            </NavLink>
          ))}
        </div>
      </ScrollHint>
    </nav>
  );
}
