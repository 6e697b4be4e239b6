ALTER TABLE "forum_category_watches" DROP CONSTRAINT "forum_category_watches_level_check";--> statement-breakpoint
DROP INDEX "forum_category_watches_category_idx";--> statement-breakpoint
CREATE INDEX "forum_category_watches_category_idx" ON "forum_category_watches" USING btree ("category") WHERE "forum_category_watches"."level" in ('watching', 'watching_first_post');--> statement-breakpoint
ALTER TABLE "forum_category_watches" ADD CONSTRAINT "forum_category_watches_level_check" CHECK ("forum_category_watches"."level" in ('watching', 'tracking', 'watching_first_post', 'normal', 'muted'));