DROP INDEX "reports_account_recent_idx";--> statement-breakpoint
DROP INDEX "reports_recent_idx";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "reports_account_recent_idx" ON "reports" USING btree ("account_id","created_at" desc,"seq" desc);--> statement-breakpoint
CREATE INDEX "reports_recent_idx" ON "reports" USING btree ("created_at" desc,"seq" desc);