/**
 * The demo company's commercial and payment details. Everything here is fictitious demo data; a real deployment
 * replaces this file (or moves these values to configuration) before taking real transfers.
 */
export const SALES_EMAIL = "ventas@legajo.demo";

export const BANK_TRANSFER = {
  holder: "Legajo Datos S.A. (demo)",
  cuit: "30-71234567-1",
  bank: "Banco de la Nación Argentina",
  accountType: "Cuenta corriente en pesos",
  cbu: "0110599520000001234569",
  alias: "LEGAJO.DEMO.PAGOS",
} as const;
