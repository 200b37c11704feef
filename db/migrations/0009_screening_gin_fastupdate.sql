DROP INDEX "src_screening_nombre_tokens_idx";--> statement-breakpoint
DROP INDEX "src_screening_documento_idx";--> statement-breakpoint
CREATE INDEX "src_screening_nombre_tokens_idx" ON "src_screening" USING gin (string_to_array(replace("claves_nombre", '|', ' '), ' ')) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "src_screening_documento_idx" ON "src_screening" USING gin (string_to_array("claves_documento", ' ')) WITH (fastupdate=false);