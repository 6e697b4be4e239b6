import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { forumTopics } from "#db/schema";
import { createUser, getUserByUsername, UsernameTakenError } from "~/accounts/users.server";
import type { ForumCategoryKey } from "./categories";
import { createPost, createTopic } from "./topics.server";

/**
 * Demo content for an empty forum: a few members (no e-mail, random passwords nobody knows, so they cannot sign
 * in and never receive mail) and conversations in every category. Run by scripts/seed.ts, and once at boot when
 * the forum is empty (skipped with NODE_ENV=test or SEED_DEMO_CONTENT=false).
 */
const DEMO_MEMBERS = ["lightseeker", "quiet_river", "spiral_dreamer", "number_weaver"] as const;
type DemoMember = (typeof DEMO_MEMBERS)[number];

const DEMO_TOPICS: Array<{
  author: DemoMember;
  category: ForumCategoryKey;
  title: string;
  description: string;
  replies: Array<[DemoMember, string]>;
}> = [
  {
    author: "lightseeker",
    category: "introductions",
    title: "Hello from a new seeker",
    description: "I found the ten principles through the angel numbers page and wanted to say hello.",
    replies: [
      ["quiet_river", "Welcome! Which number spoke to you first?"],
      ["lightseeker", "Seven, Harmony. I keep seeing 777 on the clock.\nIt felt like an invitation."],
      ["spiral_dreamer", "Welcome aboard. The Octahedron Secrets page is a good next step."],
    ],
  },
  {
    author: "number_weaver",
    category: "principles",
    title: "Zero and nine: the duality that closes the circle",
    description: "Nonseparation (0) and Omniscience (9) look like opposites. Are they one movement?",
    replies: [
      ["quiet_river", "I read 0 as the field and 9 as the field knowing itself. Same thing, two views."],
      ["lightseeker", "That matches the palindrome page: the sum comes back to where it started."],
    ],
  },
  {
    author: "spiral_dreamer",
    category: "mathematical-implications",
    title: "Why base 10 feels sacred",
    description: "Digit sums, casting out nines and why every number reduces to a single principle.",
    replies: [
      ["number_weaver", "Casting out nines works because 10 leaves a remainder of 1 when divided by 9."],
      ["spiral_dreamer", "Exactly, so the digit sum keeps the remainder. The reduction is not arbitrary."],
      ["lightseeker", "There is a nice write-up here: https://en.wikipedia.org/wiki/Casting_out_nines"],
    ],
  },
  {
    author: "quiet_river",
    category: "emotional-growth",
    title: "Working with Refinement of Pace (6)",
    description: "Slowing down without stopping: how six shows up in daily emotional life.",
    replies: [["lightseeker", "For me six is the breath between two decisions. Small pauses, big effects."]],
  },
  {
    author: "number_weaver",
    category: "technology",
    title: "Read-aloud and accessibility",
    description: "The read-aloud button makes the teaching pages open to blind and low-vision visitors.",
    replies: [
      ["spiral_dreamer", "The voice menu is lovely. Ruby (UK) is my favourite for the longer pages."],
      ["quiet_river", "It also works with keyboard only, which matters a lot."],
    ],
  },
  {
    author: "lightseeker",
    category: "general",
    title: "What are you reading this week?",
    description: "Books, articles and blog posts that keep you thinking.",
    replies: [["number_weaver", "The blog post on Remembrance and Omniscience. Twice."]],
  },
];

export async function isForumEmpty(): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(forumTopics)
    .limit(1);
  return rows.length === 0;
}

/** Seeds the demo conversations when the forum has no topic yet; returns the number of topics created. */
export async function seedDemoForum(): Promise<number> {
  if (!(await isForumEmpty())) return 0;
  const ids = new Map<DemoMember, number>();
  for (const username of DEMO_MEMBERS) {
    const existing = await getUserByUsername(username);
    if (existing) {
      ids.set(username, existing.id);
      continue;
    }
    try {
      const user = await createUser({ username, password: randomBytes(12).toString("base64url"), email: null });
      ids.set(username, user.id);
    } catch (error) {
      // Another instance is seeding at the same moment: let it finish.
      if (error instanceof UsernameTakenError) return 0;
      throw error;
    }
  }
  let created = 0;
  for (const topic of DEMO_TOPICS) {
    const { topic: saved } = await createTopic({
      authorId: ids.get(topic.author)!,
      title: topic.title,
      description: topic.description,
      category: topic.category,
    });
    for (const [author, content] of topic.replies) {
      await createPost({ topicId: saved.id, authorId: ids.get(author)!, content });
    }
    created++;
  }
  return created;
}
