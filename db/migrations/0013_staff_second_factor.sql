CREATE TABLE "admin_api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "user_recovery_codes" ADD COLUMN "lookup" text;--> statement-breakpoint
ALTER TABLE "admin_api_tokens" ADD CONSTRAINT "admin_api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_api_tokens_user_idx" ON "admin_api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_recovery_codes_user_lookup_idx" ON "user_recovery_codes" USING btree ("user_id","lookup");--> statement-breakpoint
-- custom SQL (keep when regenerating)
-- Recovery codes of before (about 49 bits, unsalted sha-256, no lookup) cannot be re-hashed without the codes
-- themselves: they are deleted (decision 293). Their owners keep their authenticator app; the two-factor page
-- shows 0 of 10 codes left and makes new ones.
DELETE FROM "user_recovery_codes" WHERE "lookup" IS NULL;
