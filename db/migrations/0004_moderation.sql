CREATE TABLE "moderation_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"subject_user_id" integer,
	"subject_name" text,
	"reason" text NOT NULL,
	"before" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"after" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer,
	"topic_id" integer,
	"flagger_id" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_flags_one_target" CHECK (("moderation_flags"."post_id" is null) <> ("moderation_flags"."topic_id" is null))
);
--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "hidden_by" integer;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "hidden_by" integer;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "silenced_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_flags" ADD CONSTRAINT "moderation_flags_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_flags" ADD CONSTRAINT "moderation_flags_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_flags" ADD CONSTRAINT "moderation_flags_flagger_id_users_id_fk" FOREIGN KEY ("flagger_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_actions_subject_idx" ON "moderation_actions" USING btree ("subject_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_flags_post_flagger_idx" ON "moderation_flags" USING btree ("post_id","flagger_id") WHERE "moderation_flags"."post_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_flags_topic_flagger_idx" ON "moderation_flags" USING btree ("topic_id","flagger_id") WHERE "moderation_flags"."topic_id" is not null;--> statement-breakpoint
CREATE INDEX "moderation_flags_open_idx" ON "moderation_flags" USING btree ("created_at" DESC NULLS LAST) WHERE "moderation_flags"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "moderation_flags_flagger_idx" ON "moderation_flags" USING btree ("flagger_id","created_at" DESC NULLS LAST);