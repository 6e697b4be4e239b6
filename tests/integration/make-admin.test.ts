import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createUser, getUserById, isAdminUser, isModeratorUser } from "~/accounts/users.server";

const root = path.resolve(import.meta.dirname, "../..");

describe("scripts/make-admin", () => {
  it("grants and takes back the admin role by username, case-insensitively", async () => {
    const username = `keeper_${Math.random().toString(36).slice(2, 8)}`;
    const user = await createUser({ username, password: "Passw0rd!x", email: `${username}@example.test` });
    expect(isAdminUser(user)).toBe(false);

    const run = (...args: string[]) =>
      execFileSync(process.execPath, ["--import", "tsx", "scripts/make-admin.ts", ...args], {
        cwd: root,
        env: process.env,
        encoding: "utf8",
      });
    expect(run(username.toUpperCase())).toContain(`${username} is now an admin`);
    expect(isAdminUser((await getUserById(user.id))!)).toBe(true);

    expect(run(username, "--revoke")).toContain(`${username} is now a member`);
    expect(isAdminUser((await getUserById(user.id))!)).toBe(false);

    // --moderator grants the moderator role (moderation tools, not the admin pages); --revoke takes it back.
    expect(run(username, "--moderator")).toContain(`${username} is now a moderator`);
    const moderator = (await getUserById(user.id))!;
    expect([moderator.role, isModeratorUser(moderator), isAdminUser(moderator)]).toEqual(["moderator", true, false]);
    expect(run(username, "--moderator", "--revoke")).toContain(`${username} is now a member`);
    expect(isModeratorUser((await getUserById(user.id))!)).toBe(false);
    // Four script runs, each starting Node with tsx: seconds apiece on a loaded 2-core machine.
  }, 120_000);

  it("says so when no member has that name", () => {
    expect(() =>
      execFileSync(process.execPath, ["--import", "tsx", "scripts/make-admin.ts", "nobody_by_that_name"], {
        cwd: root,
        env: process.env,
        stdio: "pipe",
      }),
    ).toThrow(/no member named "nobody_by_that_name"/);
  });
});
