"use client";

import { useEffect, useRef } from "react";

/**
 * On a phone, tables stack each row as a card and each cell as "Header: value" (app/globals.css, `.table-stack`).
 * The labels come from the table's own column headers: this copies each header's text onto the cells of its column
 * as `data-label`, once after rendering and again whenever rows change (tables that refresh themselves).
 */
export function TableLabels() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const table = ref.current?.parentElement?.querySelector("table");
    if (!table) return;
    const label = () => {
      const headRow = table.tHead?.rows[table.tHead.rows.length - 1];
      if (!headRow) return;
      const columns: string[] = [];
      for (const th of Array.from(headRow.cells)) {
        const text = (th.textContent ?? "").replace(/\s+/g, " ").trim();
        for (let i = 0; i < th.colSpan; i++) columns.push(text);
      }
      for (const body of Array.from(table.tBodies)) {
        for (const row of Array.from(body.rows)) {
          let col = 0;
          for (const cell of Array.from(row.cells)) {
            const text = columns[col] ?? "";
            if (!cell.hasAttribute("data-label") || cell.dataset.label !== text) cell.dataset.label = text;
            col += cell.colSpan;
          }
        }
      }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(table, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return <span ref={ref} hidden />;
}
