import { env } from "~/utils/env.server";
import { seedDemoForum } from "./seed.server";

/** Called once at boot (app/assembly/background.server.ts): demo content for an empty forum, unless turned off. */
export async function seedDemoForumAtBoot(): Promise<void> {
  if (env.NODE_ENV === "test" || !env.SEED_DEMO_CONTENT) return;
  try {
    const created = await seedDemoForum();
    if (created) console.log(`[forum] seeded ${created} demo topics`);
  } catch (error) {
    // Demo content is a nicety: a failure must never stop the server from starting.
    console.error("[forum] demo seed failed:", error);
  }
}
