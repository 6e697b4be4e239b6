CREATE TABLE "astrology_reading_cache" (
	"cache_key" text PRIMARY KEY NOT NULL,
	"reading" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "models3d" ADD COLUMN "stored_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "astrology_reading_cache_expires_idx" ON "astrology_reading_cache" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "models3d_created_idx" ON "models3d" USING btree ("created_at");--> statement-breakpoint
UPDATE "models3d" SET "stored_bytes" = "size_bytes";