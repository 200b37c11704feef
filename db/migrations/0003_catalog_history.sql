ALTER TABLE "dataset_snapshots" ADD COLUMN "manifest_key" text;--> statement-breakpoint
ALTER TABLE "dataset_snapshots" ADD COLUMN "manifest_size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "dataset_snapshots" ADD COLUMN "manifest_sha256" text;--> statement-breakpoint
ALTER TABLE "dataset_snapshots" ADD COLUMN "pruned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "dataset_snapshots_history_idx" ON "dataset_snapshots" USING btree ("dataset_id","snapshot_date","id");