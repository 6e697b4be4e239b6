import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { WatchLevel } from "./watching";

/**
 * The member's level of a topic as SQL (decision 350): their own choice for the topic, else for its category; null
 * when they chose neither (the default: tracking). A category watched for its first posts only (decision 420) says
 * nothing of its topics' replies: its topics have the default. One expression for the notifications, the lists and
 * the forms.
 */
export const chosenLevel = (
  memberId: number | SQL | Placeholder,
  topic: { id: SQL | number; category: SQL },
): SQL<WatchLevel | null> =>
  sql<WatchLevel | null>`coalesce(
    (select tw.level from forum_topic_watches tw where tw.user_id = ${memberId} and tw.topic_id = ${topic.id}),
    (select cw.level from forum_category_watches cw where cw.user_id = ${memberId} and cw.category = ${topic.category}
      and cw.level <> 'watching_first_post'))`;

/** The level of forum_topics' row in the query (its columns spelled out: drizzle writes a bare "id" in subqueries). */
export const topicLevelFor = (memberId: number | SQL | Placeholder) =>
  chosenLevel(memberId, { id: sql`forum_topics.id`, category: sql`forum_topics.category` });

/** Not muted for the member, as a condition on forum_topics (New and Unread leave muted topics out). */
export const notMutedFor = (memberId: number | SQL) => sql`${topicLevelFor(memberId)} is distinct from 'muted'`;

/** Shows the unread count (watching, tracking, or the default), as a condition on forum_topics. */
export const countsUnreadFor = (memberId: number | SQL) =>
  sql`coalesce(${topicLevelFor(memberId)}, 'tracking') in ('watching', 'tracking')`;
