import type { TipoAccion } from "@/db/schema";
import { coverage } from "@/lib/billing/costs";

/** The one answer to a report id that is missing, malformed or another account's (spec 4.3). */
export const REPORT_NOT_FOUND = "No existe un informe con ese id en tu cuenta.";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Customer language for a balance that does not cover a generation: reports and updates, never units or credits. */
export function shortfallMessage(tipo: TipoAccion, available: number): string {
  const { informes_nuevos, actualizaciones } = coverage(available);
  const what = tipo === "nuevo" ? "un informe nuevo" : "una actualización";
  const left =
    available === 0
      ? "No te queda saldo."
      : `Te alcanza para ${plural(informes_nuevos, "informe nuevo", "informes nuevos")} o ${plural(actualizaciones, "actualización", "actualizaciones")}.`;
  return `Tu saldo no alcanza para ${what} de este CUIT. ${left} Podés comprar un pack de informes desde tu cuenta en la web.`;
}

export function dailyCapMessage(limit: number): string {
  return `Alcanzaste el límite de ${limit} informes por día de tu cuenta. Vas a poder generar más a partir de la medianoche (hora de Buenos Aires).`;
}
