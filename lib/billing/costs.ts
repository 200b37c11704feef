import type { TipoAccion } from "@/db/schema";

/** Spec 1.3: a new report costs 200 units; an update, 25% of that. */
export const COST: Record<TipoAccion, number> = { nuevo: 200, actualizacion: 50 };

/** How many new reports and updates `units` cover (floors). */
export const coverage = (units: number) => ({
  informes_nuevos: Math.floor(units / COST.nuevo),
  actualizaciones: Math.floor(units / COST.actualizacion),
});
