CREATE TABLE "csv_download_usage" (
	"account_id" text NOT NULL,
	"period" text NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "csv_download_usage_account_id_period_pk" PRIMARY KEY("account_id","period"),
	CONSTRAINT "csv_download_usage_non_negative" CHECK ("csv_download_usage"."downloads" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"from_tier" "plan_tier" NOT NULL,
	"requested_tier" "plan_tier" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "csv_download_usage" ADD CONSTRAINT "csv_download_usage_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_requests" ADD CONSTRAINT "plan_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_requests_created_at_index" ON "plan_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "plan_requests_account_id_index" ON "plan_requests" USING btree ("account_id");