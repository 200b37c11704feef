"use client";

import { useEffect } from "react";

/**
 * A link to a schema (#esquema-…) lands on a section whose fields are folded: open them, on arrival and on every
 * later jump within the page, so following a type always shows what it is.
 */
export function OpenOnTarget() {
  useEffect(() => {
    const open = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      target?.querySelectorAll("details").forEach((d) => (d.open = true));
    };
    open();
    window.addEventListener("hashchange", open);
    return () => window.removeEventListener("hashchange", open);
  }, []);
  return null;
}
