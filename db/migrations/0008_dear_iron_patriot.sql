ALTER TABLE "jobs" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "jobs" CASCADE;--> statement-breakpoint
ALTER TABLE "models3d" ADD COLUMN "owner_key" text;--> statement-breakpoint
CREATE INDEX "models3d_owner_idx" ON "models3d" USING btree ("owner_key","status");