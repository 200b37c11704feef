CREATE TABLE "mcp_usage" (
	"account_id" text NOT NULL,
	"period" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mcp_usage_account_id_period_pk" PRIMARY KEY("account_id","period"),
	CONSTRAINT "mcp_usage_calls_non_negative" CHECK ("mcp_usage"."calls" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mcp_usage" ADD CONSTRAINT "mcp_usage_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;