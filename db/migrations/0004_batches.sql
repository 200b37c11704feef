CREATE TYPE "public"."batch_estado" AS ENUM('en_cola', 'procesando', 'completado', 'cancelado');--> statement-breakpoint
CREATE TYPE "public"."batch_item_status" AS ENUM('pendiente', 'procesando', 'ok', 'parcial', 'no_resuelto', 'invalido', 'sin_saldo', 'cancelado', 'error');--> statement-breakpoint
CREATE TABLE "batch_items" (
	"batch_id" text NOT NULL,
	"posicion" integer NOT NULL,
	"entrada" text NOT NULL,
	"cuit" text,
	"status" "batch_item_status" DEFAULT 'pendiente' NOT NULL,
	"duplicado_de" integer,
	"informe_id" text,
	"tipo_accion" "tipo_accion",
	"costo_unidades" integer DEFAULT 0 NOT NULL,
	"error" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_items_batch_id_posicion_pk" PRIMARY KEY("batch_id","posicion")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text,
	"idempotency_key" uuid NOT NULL,
	"body_hash" text NOT NULL,
	"estado" "batch_estado" DEFAULT 'en_cola' NOT NULL,
	"total" integer NOT NULL,
	"cotizacion" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"seq" bigserial NOT NULL,
	CONSTRAINT "batches_account_key_unique" UNIQUE("account_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_items_status_idx" ON "batch_items" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "batches_account_recent_idx" ON "batches" USING btree ("account_id","created_at" desc,"seq" desc);--> statement-breakpoint
CREATE INDEX "batches_unfinished_idx" ON "batches" USING btree ("created_at") WHERE "batches"."estado" in ('en_cola', 'procesando');
