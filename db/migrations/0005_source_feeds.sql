DROP INDEX "source_snapshots_source_snapshot_date_id_index";--> statement-breakpoint
ALTER TABLE "src_crediticio" ALTER COLUMN "dias_atraso" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "src_crediticio" ALTER COLUMN "refinanciaciones" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "src_crediticio" ALTER COLUMN "recategorizacion_obligatoria" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "src_crediticio" ALTER COLUMN "situacion_juridica" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "src_crediticio" ALTER COLUMN "irrecuperable_disposicion_tecnica" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "src_crediticio" ALTER COLUMN "proceso_judicial" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "source_snapshots" ADD COLUMN "feed" text DEFAULT 'legajo-csv' NOT NULL;--> statement-breakpoint
ALTER TABLE "src_cheques" ADD COLUMN "cta_personal" boolean;--> statement-breakpoint
ALTER TABLE "src_cheques" ADD COLUMN "denominacion_juridica" text;--> statement-breakpoint
ALTER TABLE "src_cheques" ADD COLUMN "en_revision" boolean;--> statement-breakpoint
ALTER TABLE "src_cheques" ADD COLUMN "proceso_judicial" boolean;--> statement-breakpoint
ALTER TABLE "src_crediticio" ADD COLUMN "en_revision" boolean;--> statement-breakpoint
ALTER TABLE "src_crediticio" ADD COLUMN "fecha_sit1" date;--> statement-breakpoint
ALTER TABLE "src_identidad" ADD COLUMN "integrante_sociedades" boolean;--> statement-breakpoint
ALTER TABLE "src_identidad" ADD COLUMN "monotributo_actividad" text;--> statement-breakpoint
ALTER TABLE "src_identidad" ADD COLUMN "sexo" text;--> statement-breakpoint
ALTER TABLE "src_identidad" ADD COLUMN "fecha_nacimiento_constitucion" date;--> statement-breakpoint
ALTER TABLE "src_identidad" ADD COLUMN "fecha_fallecimiento" date;--> statement-breakpoint
ALTER TABLE "src_identidad" ADD COLUMN "baja" boolean;--> statement-breakpoint
ALTER TABLE "src_identidad" ADD COLUMN "cuit_reemplazo" text;--> statement-breakpoint
ALTER TABLE "src_riesgo_fiscal" ADD COLUMN "fecha_condicion" date;--> statement-breakpoint
CREATE INDEX "source_snapshots_source_feed_snapshot_date_id_index" ON "source_snapshots" USING btree ("source","feed","snapshot_date","id");