ALTER TABLE "models3d" ADD COLUMN "stored_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "models3d_created_idx" ON "models3d" USING btree ("created_at");--> statement-breakpoint
UPDATE "models3d" SET "stored_bytes" = "size_bytes";