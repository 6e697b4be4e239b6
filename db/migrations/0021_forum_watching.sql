CREATE TABLE "forum_category_watches" (
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"level" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_category_watches_user_id_category_pk" PRIMARY KEY("user_id","category"),
	CONSTRAINT "forum_category_watches_level_check" CHECK ("forum_category_watches"."level" in ('watching', 'tracking', 'normal', 'muted'))
);
--> statement-breakpoint
CREATE TABLE "forum_digests" (
	"user_id" integer NOT NULL,
	"week" text NOT NULL,
	"covered_from" timestamp with time zone NOT NULL,
	"covered_until" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_digests_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
CREATE TABLE "forum_mail_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reply" text DEFAULT 'now' NOT NULL,
	"mention" text DEFAULT 'now' NOT NULL,
	"quote" text DEFAULT 'now' NOT NULL,
	"like" text DEFAULT 'digest' NOT NULL,
	"watched_post" text DEFAULT 'now' NOT NULL,
	"watched_topic" text DEFAULT 'now' NOT NULL,
	"weekly_digest" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_mail_settings_delivery_check" CHECK ("forum_mail_settings"."reply" in ('now', 'digest', 'never') and "forum_mail_settings"."mention" in ('now', 'digest', 'never')
        and "forum_mail_settings"."quote" in ('now', 'digest', 'never') and "forum_mail_settings"."like" in ('now', 'digest', 'never')
        and "forum_mail_settings"."watched_post" in ('now', 'digest', 'never') and "forum_mail_settings"."watched_topic" in ('now', 'digest', 'never'))
);
--> statement-breakpoint
CREATE TABLE "forum_topic_watches" (
	"user_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"level" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_topic_watches_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id"),
	CONSTRAINT "forum_topic_watches_level_check" CHECK ("forum_topic_watches"."level" in ('watching', 'tracking', 'normal', 'muted'))
);
--> statement-breakpoint
ALTER TABLE "forum_notifications" ALTER COLUMN "post_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_notifications" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_category_watches" ADD CONSTRAINT "forum_category_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_digests" ADD CONSTRAINT "forum_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_mail_settings" ADD CONSTRAINT "forum_mail_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topic_watches" ADD CONSTRAINT "forum_topic_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topic_watches" ADD CONSTRAINT "forum_topic_watches_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_category_watches_category_idx" ON "forum_category_watches" USING btree ("category") WHERE "forum_category_watches"."level" = 'watching';--> statement-breakpoint
CREATE INDEX "forum_digests_user_idx" ON "forum_digests" USING btree ("user_id","covered_until");--> statement-breakpoint
CREATE INDEX "forum_topic_watches_topic_idx" ON "forum_topic_watches" USING btree ("topic_id") WHERE "forum_topic_watches"."level" = 'watching';--> statement-breakpoint
CREATE UNIQUE INDEX "forum_notifications_topic_once_idx" ON "forum_notifications" USING btree ("user_id","topic_id") WHERE "forum_notifications"."post_id" is null;--> statement-breakpoint
CREATE INDEX "users_last_seen_idx" ON "users" USING btree ("last_seen_at");--> statement-breakpoint
-- custom SQL (keep when regenerating)
-- Decision 352: a member's last visit, from their newest session where one is left, else when they joined.
UPDATE "users" SET "last_seen_at" = coalesce(
  (SELECT max("sessions"."last_seen_at") FROM "sessions" WHERE "sessions"."user_id" = "users"."id"),
  "users"."created_at"
) WHERE "last_seen_at" IS NULL;
--> statement-breakpoint
-- Decision 351: notifications from before the per-kind mail were mailed (replies) or never to be: no digest repeats them.
UPDATE "forum_notifications" SET "emailed_at" = "created_at" WHERE "emailed_at" IS NULL;
