/**
 * `npm run make-admin -- <username> [--moderator] [--revoke]`: grants (or takes back) the admin role of a member
 * (decision 2 of DESIGN.md), or with --moderator the moderator role (decision 026). Admins may open /admin/emails
 * and, in production, /debug-terminology; moderators and admins use /admin/moderation. --revoke makes the member
 * a plain member again.
 */
import "./env-file"; // first: .env and NODE_ENV before any other module reads them (decision 220)
import { openScriptDatabase } from "./database";

async function main() {
  const args = process.argv.slice(2);
  const revoke = args.includes("--revoke");
  const moderator = args.includes("--moderator");
  const username = args.find((a) => !a.startsWith("--"));
  if (!username) {
    console.error("usage: npm run make-admin -- <username> [--moderator] [--revoke]");
    process.exit(2);
  }
  const database = await openScriptDatabase();
  try {
    const { setUserRole } = await import("../app/accounts/users.server");
    const user = await setUserRole({ username, role: revoke ? "member" : moderator ? "moderator" : "admin" });
    if (!user) {
      console.error(`[make-admin] no member named "${username}"`);
      process.exitCode = 1;
    } else {
      console.log(
        `[make-admin] ${user.username} is now ${user.role === "admin" ? "an admin" : user.role === "moderator" ? "a moderator" : "a member"}`,
      );
      if (user.role === "admin") {
        console.log("[make-admin] admin pages open once they have set up two-factor authentication (asked at sign-in)");
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
