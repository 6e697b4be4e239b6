CREATE TABLE "birth_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"birth_date" text,
	"birth_time" text,
	"place_id" integer,
	"house_system" text DEFAULT 'placidus' NOT NULL,
	"fold" text,
	"birth_name" text,
	"current_name" text,
	"y_convention" text DEFAULT 'consonant' NOT NULL,
	"calendar_key_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "birth_profiles" ADD CONSTRAINT "birth_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;