import { describe, expect, it } from "vitest";
import { formatArs, formatDate, formatDateTime, formatDay, formatInt, formatLongDate, formatMoney, formatNumber, formatPeriod, formatTier, plural } from "@/components/format";
import { auditDetails } from "@/components/labels/audit";
import { ledgerConcept, ledgerNote } from "@/components/labels/account";
import { displayLabel, displayValue } from "@/components/reports/field-list";
import { inlineMarkdown } from "@/components/ui/markdown";

/** Intl separates "$" from the amount with a no-break space; compare on ordinary spaces. */
const plain = (s: string) => s.replace(/\u00a0/g, " ");

describe("the es-AR formatter", () => {
  it("writes money with two decimals always", () => {
    expect(plain(formatArs(628111.5))).toBe("$ 628.111,50");
    expect(plain(formatArs(45000))).toBe("$ 45.000,00");
    expect(formatArs(0)).toBe("Gratis");
    expect(formatArs(null)).toBe("A convenir");
    expect(formatMoney(628111.5)).toBe("628.111,50");
    expect(formatMoney(-3)).toBe("-3,00");
  });

  it("writes counts and quantities with local separators", () => {
    expect(formatInt(1234567)).toBe("1.234.567");
    expect(formatNumber(1520.5)).toBe("1.520,5");
  });

  it("agrees in number", () => {
    expect(plural(1, "fila", "filas")).toBe("1 fila");
    expect(plural(0, "fila", "filas")).toBe("0 filas");
    expect(plural(1200, "fila", "filas")).toBe("1.200 filas");
  });

  it("writes months in words, whichever way the source wrote them", () => {
    expect(formatPeriod("2026-09")).toBe("septiembre de 2026");
    expect(formatPeriod("202601")).toBe("enero de 2026");
    expect(formatPeriod("2026-13")).toBe("2026-13");
    expect(formatPeriod("otro")).toBe("otro");
    expect(formatPeriod(null)).toBe("—");
  });

  it("dates in Buenos Aires time, a calendar day never moved by the time zone", () => {
    expect(formatDay("2026-01-01")).toBe("01/01/2026");
    // 02:00 UTC is still the previous evening in Buenos Aires.
    expect(formatDate("2026-03-10T02:00:00Z")).toBe("09/03/2026");
    expect(formatDateTime("2026-03-10T15:04:00Z")).toBe("10/03/2026, 12:04");
    expect(formatLongDate("2026-11-23T15:00:00Z")).toBe("23 de noviembre de 2026");
    expect(formatDate(null)).toBe("—");
  });

  it("capitalises plan tiers as they are sold", () => {
    expect(formatTier("free")).toBe("Free");
    expect(formatTier("ultimate")).toBe("Ultimate");
  });
});

describe("display texts built on it", () => {
  it("reads section values and labels in words", () => {
    expect(displayValue("Período informado", "2026-09")).toBe("septiembre de 2026");
    expect(displayValue("Deuda total (miles de $)", "628111.5")).toBe("628.111,50");
    expect(displayValue("Fecha", "2026-02-03")).toBe("03/02/2026");
    expect(displayValue("Cheques rechazados", "6")).toBe("6");
    expect(displayValue("x", null)).toBe("Sin dato");
    expect(displayLabel("Banco de la Nación Argentina (2026-09)")).toBe("Banco de la Nación Argentina (septiembre de 2026)");
  });

  it("tells ledger lines apart in words", () => {
    expect(ledgerConcept({ kind: "allotment_grant", note: "plan free -> ultimate" })).toBe("Cambio de plan: Free → Ultimate");
    expect(ledgerConcept({ kind: "allotment_expire", note: "plan pro -> free" })).toBe("Cambio de plan: Pro → Free");
    expect(ledgerConcept({ kind: "allotment_grant", note: "2026-09" })).toBe("Cupo mensual del plan (septiembre de 2026)");
    expect(ledgerConcept({ kind: "allotment_expire", note: "2026-08" })).toBe("Cierre del cupo de agosto de 2026");
    expect(ledgerConcept({ kind: "report_debit", note: null }, "nuevo")).toBe("Informe nuevo");
    expect(ledgerConcept({ kind: "report_debit", note: null }, "actualizacion")).toBe("Actualización de informe");
    expect(ledgerNote({ kind: "operator_load", note: "bonificación" })).toBe("bonificación");
    expect(ledgerNote({ kind: "allotment_grant", note: "2026-09" })).toBeNull();
  });

  it("writes audit details in words, never JSON", () => {
    expect(plain(auditDetails({ order_id: "ord_1", unidades: 1000, price_ars: 45000 }))).toBe("Pedido: ord_1 · Unidades: 1.000 · Precio: $ 45.000,00");
    expect(auditDetails({ from: "free", to: "ultimate" })).toBe("De Free a Ultimate");
    expect(auditDetails({ units: 400, note: null })).toBe("Unidades: 400");
    expect(auditDetails({ email: "a@b.c", admin: false, billing: "daily_cap" })).toBe("Email: a@b.c · Admin: no · Facturación: con tope diario");
    expect(auditDetails({ snapshots: [{ datasetId: "ar-x", snapshotDate: "2026-09-01", rows: 1 }] })).toBe("Snapshots: ar-x al 01/09/2026, 1 fila");
  });

  it("renders catalog markdown without raw marks and without unsafe links", () => {
    const parts = inlineMarkdown("usá `estado_clave` y **no** [esto](javascript:alert(1))");
    const text = JSON.stringify(parts);
    expect(text).not.toContain("`");
    expect(text).not.toContain("javascript:");
    expect(text).toContain("estado_clave");
  });
});
