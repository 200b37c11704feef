CREATE TYPE "public"."delivery_estado" AS ENUM('pendiente', 'entregado', 'fallido', 'cancelado');--> statement-breakpoint
CREATE TYPE "public"."event_type" AS ENUM('monitoreo.cambio', 'informe.generado', 'saldo.bajo', 'lote.completado');--> statement-breakpoint
CREATE TYPE "public"."severidad" AS ENUM('alta', 'media', 'info');--> statement-breakpoint
CREATE TABLE "account_events" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"tipo" "event_type" NOT NULL,
	"cuit" text,
	"severidad" "severidad",
	"datos" jsonb NOT NULL,
	"scan_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tx_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "account_events_scan_unique" UNIQUE("scan_id","account_id","cuit")
);
--> statement-breakpoint
CREATE TABLE "monitoring_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"snapshot_id" integer NOT NULL,
	"previous_id" integer,
	"done" boolean DEFAULT false NOT NULL,
	"cuits" integer,
	"eventos" integer,
	"ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "monitoring_scans_snapshotId_unique" UNIQUE("snapshot_id")
);
--> statement-breakpoint
CREATE TABLE "monitoring_settings" (
	"account_id" text PRIMARY KEY NOT NULL,
	"umbral_saldo_bajo" integer
);
--> statement-breakpoint
CREATE TABLE "watchlist" (
	"account_id" text NOT NULL,
	"cuit" text NOT NULL,
	"etiqueta" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "watchlist_account_id_cuit_pk" PRIMARY KEY("account_id","cuit")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"endpoint_id" text NOT NULL,
	"account_id" text NOT NULL,
	"event_id" text,
	"tipo" text NOT NULL,
	"payload" text NOT NULL,
	"estado" "delivery_estado" DEFAULT 'pendiente' NOT NULL,
	"intentos" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status" smallint,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"url" text NOT NULL,
	"eventos" text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"rotated_at" timestamp with time zone,
	"activo" boolean DEFAULT true NOT NULL,
	"failing_since" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_scan_id_monitoring_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."monitoring_scans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_scans" ADD CONSTRAINT "monitoring_scans_snapshot_id_source_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."source_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_scans" ADD CONSTRAINT "monitoring_scans_previous_id_source_snapshots_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."source_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_settings" ADD CONSTRAINT "monitoring_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_account_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."account_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_events_feed_idx" ON "account_events" USING btree ("account_id","tx_id","seq");--> statement-breakpoint
CREATE INDEX "account_events_cuit_idx" ON "account_events" USING btree ("account_id","cuit","seq" desc);--> statement-breakpoint
CREATE INDEX "watchlist_cuit_idx" ON "watchlist" USING btree ("cuit");--> statement-breakpoint
CREATE INDEX "watchlist_account_recent_idx" ON "watchlist" USING btree ("account_id","created_at" desc,"seq" desc);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","seq" desc);--> statement-breakpoint
CREATE INDEX "webhook_endpoints_account_idx" ON "webhook_endpoints" USING btree ("account_id","seq");