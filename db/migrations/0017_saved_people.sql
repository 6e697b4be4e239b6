CREATE TABLE "saved_people" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"birth_date" text NOT NULL,
	"birth_time" text,
	"place_id" integer NOT NULL,
	"fold" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_people" ADD CONSTRAINT "saved_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_people_user_idx" ON "saved_people" USING btree ("user_id","id");