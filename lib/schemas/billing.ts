import { z } from "zod";

const units = z.number().int().min(0);

export const planTierSchema = z
  .enum(["free", "starter", "pro", "ultimate", "team", "enterprise"])
  .meta({ id: "PlanTier", description: "Plan of an account." });

export const balanceSchema = z
  .strictObject({
    cupo: z.strictObject({
      unidades_disponibles: units.describe("Units left in this month's plan allotment."),
      informes_nuevos: units.describe("New reports the allotment covers (floor)."),
      actualizaciones: units.describe("Updates the allotment covers (floor)."),
      unidades_mensuales: z
        .number()
        .int()
        .nullable()
        .describe("Monthly allotment of the plan; null when there is none by default (team and enterprise, by agreement)."),
      unidades_usadas: units.describe("Units of the allotment used this month."),
    }),
    comprado: z.strictObject({
      unidades_disponibles: units.describe("Units bought in packs; they do not expire."),
      informes_nuevos: units,
      actualizaciones: units,
    }),
  })
  .meta({
    id: "BalanceResponse",
    description: "Both pockets of the account. The allotment is spent before purchased units.",
    example: {
      cupo: { unidades_disponibles: 3800, informes_nuevos: 19, actualizaciones: 76, unidades_mensuales: 4000, unidades_usadas: 200 },
      comprado: { unidades_disponibles: 1000, informes_nuevos: 5, actualizaciones: 20 },
    },
  });

export const planPriceSchema = z
  .strictObject({
    plan_tier: planTierSchema,
    price_ars_monthly: z.number().nullable().describe("ARS per month. 0 = free; null = by agreement."),
    display_label: z.string(),
    mcp_calls_monthly: z.number().int().nullable().describe("Null = unlimited, 0 = no access, N = monthly quota."),
    csv_downloads_monthly: z.number().int().nullable(),
    parquet_enabled: z.boolean(),
    api_rest_enabled: z.boolean().describe("Whether the plan includes the REST API channel."),
    informe_cuit_cupo_mensual_unidades: z.number().int().nullable(),
  })
  .meta({ id: "PlanPrice" });

export const informeCuitPackSchema = z
  .strictObject({
    packSize: z.number().int().positive().describe("New reports the pack is worth."),
    unidades: z.number().int().positive(),
    priceArs: z.number().min(0),
    displayLabel: z.string(),
  })
  .meta({ id: "InformeCuitPack" });

export const pricesSchema = z
  .strictObject({
    plans: z.array(planPriceSchema),
    informe_cuit_packs: z.array(informeCuitPackSchema),
  })
  .meta({ id: "PricesResponse", description: "Current plans and report packs." });

export type BalanceResponse = z.infer<typeof balanceSchema>;
export type PricesResponse = z.infer<typeof pricesSchema>;
export type InformeCuitPack = z.infer<typeof informeCuitPackSchema>;
