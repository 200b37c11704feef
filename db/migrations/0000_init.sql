CREATE TYPE "public"."billing_model" AS ENUM('balance', 'daily_cap');--> statement-breakpoint
CREATE TYPE "public"."plan_tier" AS ENUM('free', 'starter', 'pro', 'ultimate', 'team', 'enterprise');--> statement-breakpoint
CREATE TYPE "public"."ledger_kind" AS ENUM('allotment_grant', 'allotment_expire', 'report_debit', 'purchase', 'operator_load');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending', 'confirmed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."pocket" AS ENUM('cupo', 'comprado');--> statement-breakpoint
CREATE TYPE "public"."dataset_visibility" AS ENUM('public', 'admin_only');--> statement-breakpoint
CREATE TYPE "public"."snapshot_format" AS ENUM('parquet', 'csv');--> statement-breakpoint
CREATE TYPE "public"."snapshot_status" AS ENUM('publishing', 'ready', 'failed');--> statement-breakpoint
CREATE TYPE "public"."update_pattern" AS ENUM('incremental_append', 'full_refresh', 'scd2_snapshots');--> statement-breakpoint
CREATE TYPE "public"."denominacion_origen" AS ENUM('padron', 'concursos', 'marcas', 'cendeu');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('ok', 'parcial', 'no_resuelto');--> statement-breakpoint
CREATE TYPE "public"."tipo_accion" AS ENUM('nuevo', 'actualizacion');--> statement-breakpoint
CREATE TYPE "public"."source_name" AS ENUM('identidad', 'crediticio', 'cheques', 'screening', 'comex', 'riesgoFiscal', 'marcas', 'concursos');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan_tier" "plan_tier" NOT NULL,
	"billing_model" "billing_model" DEFAULT 'balance' NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"hash" text NOT NULL,
	"start" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"tier" "plan_tier" PRIMARY KEY NOT NULL,
	"rank" integer NOT NULL,
	"display_label" text NOT NULL,
	"price_ars_monthly" numeric,
	"mcp_calls_monthly" integer,
	"csv_downloads_monthly" integer,
	"parquet_enabled" boolean NOT NULL,
	"api_rest_enabled" boolean NOT NULL,
	"informe_cuit_cupo_mensual_unidades" integer
);
--> statement-breakpoint
CREATE TABLE "report_packs" (
	"id" text PRIMARY KEY NOT NULL,
	"pack_size" integer NOT NULL,
	"unidades" integer NOT NULL,
	"price_ars" numeric NOT NULL,
	"display_label" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_packs_positive" CHECK ("report_packs"."pack_size" > 0 and "report_packs"."unidades" > 0 and "report_packs"."price_ars" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"account_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"account_id" text PRIMARY KEY NOT NULL,
	"cupo_available" integer DEFAULT 0 NOT NULL,
	"cupo_used" integer DEFAULT 0 NOT NULL,
	"cupo_period" text NOT NULL,
	"comprado_available" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_cupo_non_negative" CHECK ("balances"."cupo_available" >= 0),
	CONSTRAINT "balances_cupo_used_non_negative" CHECK ("balances"."cupo_used" >= 0),
	CONSTRAINT "balances_comprado_non_negative" CHECK ("balances"."comprado_available" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"pocket" "pocket" NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"delta" integer NOT NULL,
	"report_id" text,
	"order_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pack_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"pack_id" text NOT NULL,
	"unidades" integer NOT NULL,
	"price_ars" numeric NOT NULL,
	"status" "order_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "catalog_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dataset_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"dataset_id" text NOT NULL,
	"snapshot_date" date NOT NULL,
	"row_count" integer,
	"status" "snapshot_status" DEFAULT 'publishing' NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"catalog_source_id" text NOT NULL,
	"frequency" text,
	"granularity" text,
	"historical_depth" text,
	"tags" text[],
	"country" text,
	"source_native_language" text,
	"update_pattern" "update_pattern",
	"freshness_sla" jsonb,
	"content_advisory" text,
	"compliance_notes" jsonb,
	"ai_metadata" jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"visibility" "dataset_visibility" DEFAULT 'public' NOT NULL,
	"min_tier" "plan_tier" DEFAULT 'free' NOT NULL,
	"parent_id" text,
	"engine_source" "source_name",
	"formats" "snapshot_format"[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snapshot_files" (
	"snapshot_id" integer NOT NULL,
	"format" "snapshot_format" NOT NULL,
	"object_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "snapshot_files_snapshot_id_format_pk" PRIMARY KEY("snapshot_id","format")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"account_id" text NOT NULL,
	"key" uuid NOT NULL,
	"cuit" text NOT NULL,
	"report_id" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"cuit" text NOT NULL,
	"status" "report_status" NOT NULL,
	"tipo_accion" "tipo_accion",
	"costo_unidades" integer DEFAULT 0 NOT NULL,
	"denominacion" text,
	"denominacion_origen" "denominacion_origen",
	"sections" jsonb NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" "source_name" NOT NULL,
	"snapshot_date" date NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "src_cheques" (
	"snapshot_id" integer NOT NULL,
	"cuit" text NOT NULL,
	"numero_cheque" text NOT NULL,
	"fecha_rechazo" date NOT NULL,
	"monto" numeric NOT NULL,
	"causal" text NOT NULL,
	"entidad_codigo" text,
	"entidad_nombre" text,
	"fecha_pago" date,
	"fecha_pago_multa" date,
	"estado_multa" text
);
--> statement-breakpoint
CREATE TABLE "src_comex" (
	"snapshot_id" integer NOT NULL,
	"cuit" text NOT NULL,
	"denominacion" text,
	"anio" smallint NOT NULL,
	"rol" text NOT NULL,
	"operaciones" integer NOT NULL,
	"monto_fob_usd" numeric NOT NULL,
	"capitulos_ncm" text,
	"paises_principales" text
);
--> statement-breakpoint
CREATE TABLE "src_concursos" (
	"snapshot_id" integer NOT NULL,
	"cuit" text NOT NULL,
	"denominacion" text NOT NULL,
	"tipo_proceso" text NOT NULL,
	"juzgado" text NOT NULL,
	"secretaria" text,
	"expediente" text,
	"fecha_apertura" date NOT NULL,
	"sindico" text,
	"estado" text,
	"jurisdiccion" text,
	"monto_pasivo" bigint
);
--> statement-breakpoint
CREATE TABLE "src_crediticio" (
	"snapshot_id" integer NOT NULL,
	"cuit" text NOT NULL,
	"denominacion" text,
	"periodo" text NOT NULL,
	"entidad_codigo" text NOT NULL,
	"entidad_nombre" text NOT NULL,
	"situacion" smallint NOT NULL,
	"monto" numeric NOT NULL,
	"dias_atraso" integer DEFAULT 0 NOT NULL,
	"refinanciaciones" boolean DEFAULT false NOT NULL,
	"recategorizacion_obligatoria" boolean DEFAULT false NOT NULL,
	"situacion_juridica" boolean DEFAULT false NOT NULL,
	"irrecuperable_disposicion_tecnica" boolean DEFAULT false NOT NULL,
	"proceso_judicial" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "src_identidad" (
	"snapshot_id" integer NOT NULL,
	"cuit" text NOT NULL,
	"denominacion" text NOT NULL,
	"tipo_persona" text NOT NULL,
	"estado_clave" text NOT NULL,
	"fecha_inscripcion" date,
	"fecha_contrato_social" date,
	"forma_juridica" text,
	"actividad_principal_codigo" text,
	"actividad_principal_descripcion" text,
	"actividades_secundarias" text,
	"impuesto_ganancias" text,
	"impuesto_iva" text,
	"monotributo_categoria" text,
	"empleador" boolean,
	"domicilio_calle" text,
	"domicilio_localidad" text,
	"domicilio_provincia" text,
	"domicilio_codigo_postal" text
);
--> statement-breakpoint
CREATE TABLE "src_marcas" (
	"snapshot_id" integer NOT NULL,
	"cuit" text NOT NULL,
	"acta" text NOT NULL,
	"denominacion" text NOT NULL,
	"clase_niza" smallint NOT NULL,
	"titular" text NOT NULL,
	"tipo_marca" text,
	"estado" text NOT NULL,
	"fecha_solicitud" date,
	"fecha_vencimiento" date
);
--> statement-breakpoint
CREATE TABLE "src_riesgo_fiscal" (
	"snapshot_id" integer NOT NULL,
	"cuit" text NOT NULL,
	"lista" text NOT NULL,
	"fecha_publicacion" date,
	"detalle" text,
	"monto_adeudado" numeric
);
--> statement-breakpoint
CREATE TABLE "src_screening" (
	"snapshot_id" integer NOT NULL,
	"cuit" text NOT NULL,
	"lista" text NOT NULL,
	"entry_uid" text NOT NULL,
	"nombre" text NOT NULL,
	"tipo_entrada" text NOT NULL,
	"programa" text,
	"fecha_inclusion" date,
	"nacionalidad" text,
	"observaciones" text,
	"score_coincidencia" numeric
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_plan_tier_plans_tier_fk" FOREIGN KEY ("plan_tier") REFERENCES "public"."plans"("tier") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_orders" ADD CONSTRAINT "pack_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_orders" ADD CONSTRAINT "pack_orders_pack_id_report_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."report_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_snapshots" ADD CONSTRAINT "dataset_snapshots_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_catalog_source_id_catalog_sources_id_fk" FOREIGN KEY ("catalog_source_id") REFERENCES "public"."catalog_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshot_files" ADD CONSTRAINT "snapshot_files_snapshot_id_dataset_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."dataset_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "src_cheques" ADD CONSTRAINT "src_cheques_snapshot_id_source_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."source_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "src_comex" ADD CONSTRAINT "src_comex_snapshot_id_source_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."source_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "src_concursos" ADD CONSTRAINT "src_concursos_snapshot_id_source_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."source_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "src_crediticio" ADD CONSTRAINT "src_crediticio_snapshot_id_source_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."source_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "src_identidad" ADD CONSTRAINT "src_identidad_snapshot_id_source_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."source_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "src_marcas" ADD CONSTRAINT "src_marcas_snapshot_id_source_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."source_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "src_riesgo_fiscal" ADD CONSTRAINT "src_riesgo_fiscal_snapshot_id_source_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."source_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "src_screening" ADD CONSTRAINT "src_screening_snapshot_id_source_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."source_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_account_id_index" ON "api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "users_account_id_index" ON "users" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_index" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_account_id_created_at_index" ON "audit_log" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_id_created_at_index" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "pack_orders_account_id_created_at_index" ON "pack_orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "pack_orders_status_index" ON "pack_orders" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "dataset_snapshots_one_current_idx" ON "dataset_snapshots" USING btree ("dataset_id") WHERE "dataset_snapshots"."current";--> statement-breakpoint
CREATE INDEX "datasets_published_visibility_index" ON "datasets" USING btree ("published","visibility");--> statement-breakpoint
CREATE INDEX "reports_account_recent_idx" ON "reports" USING btree ("account_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "reports_account_cuit_idx" ON "reports" USING btree ("account_id","cuit");--> statement-breakpoint
CREATE INDEX "reports_recent_idx" ON "reports" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "source_snapshots_source_snapshot_date_id_index" ON "source_snapshots" USING btree ("source","snapshot_date","id");--> statement-breakpoint
CREATE INDEX "src_cheques_snapshot_cuit_idx" ON "src_cheques" USING btree ("snapshot_id","cuit");--> statement-breakpoint
CREATE INDEX "src_comex_snapshot_cuit_idx" ON "src_comex" USING btree ("snapshot_id","cuit");--> statement-breakpoint
CREATE INDEX "src_concursos_snapshot_cuit_idx" ON "src_concursos" USING btree ("snapshot_id","cuit");--> statement-breakpoint
CREATE INDEX "src_crediticio_snapshot_cuit_idx" ON "src_crediticio" USING btree ("snapshot_id","cuit");--> statement-breakpoint
CREATE INDEX "src_identidad_snapshot_cuit_idx" ON "src_identidad" USING btree ("snapshot_id","cuit");--> statement-breakpoint
CREATE INDEX "src_identidad_snapshot_dni_idx" ON "src_identidad" USING btree ("snapshot_id",substring("cuit", 3, 8));--> statement-breakpoint
CREATE INDEX "src_marcas_snapshot_cuit_idx" ON "src_marcas" USING btree ("snapshot_id","cuit");--> statement-breakpoint
CREATE INDEX "src_riesgo_fiscal_snapshot_cuit_idx" ON "src_riesgo_fiscal" USING btree ("snapshot_id","cuit");--> statement-breakpoint
CREATE INDEX "src_screening_snapshot_cuit_idx" ON "src_screening" USING btree ("snapshot_id","cuit");