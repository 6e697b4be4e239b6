ALTER TABLE "forum_posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, content), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "forum_posts_search_idx" ON "forum_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "forum_topics_search_idx" ON "forum_topics" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "forum_posts" ALTER COLUMN "search_vector" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "forum_topics" ALTER COLUMN "search_vector" SET STATISTICS 1000;