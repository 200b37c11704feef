ALTER TABLE "src_screening" ALTER COLUMN "cuit" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "src_concursos" ADD COLUMN "aviso_id" text;--> statement-breakpoint
ALTER TABLE "src_concursos" ADD COLUMN "fecha_publicacion" date;--> statement-breakpoint
ALTER TABLE "src_marcas" ADD COLUMN "numero_resolucion" text;--> statement-breakpoint
ALTER TABLE "src_screening" ADD COLUMN "numero_referencia" text;--> statement-breakpoint
ALTER TABLE "src_screening" ADD COLUMN "nombre_normalizado" text;--> statement-breakpoint
ALTER TABLE "src_screening" ADD COLUMN "alias" text;--> statement-breakpoint
ALTER TABLE "src_screening" ADD COLUMN "claves_nombre" text;--> statement-breakpoint
ALTER TABLE "src_screening" ADD COLUMN "documentos" text;--> statement-breakpoint
ALTER TABLE "src_screening" ADD COLUMN "claves_documento" text;--> statement-breakpoint
ALTER TABLE "src_screening" ADD COLUMN "fecha_nacimiento" text;--> statement-breakpoint
CREATE INDEX "src_screening_nombre_tokens_idx" ON "src_screening" USING gin (string_to_array(replace("claves_nombre", '|', ' '), ' '));--> statement-breakpoint
CREATE INDEX "src_screening_documento_idx" ON "src_screening" USING gin (string_to_array("claves_documento", ' '));--> statement-breakpoint
ALTER TABLE "src_screening" DROP COLUMN "score_coincidencia";