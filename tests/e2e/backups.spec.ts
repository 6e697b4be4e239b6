import { createHash } from "node:crypto";
import { createMember, expect, expectAccessible, makeAdmin, signIn, test, waitForHydration } from "./fixtures";

/** /admin/backups (issue 37, decision 203): the kept backups with size and date, downloaded by an admin. */
test.describe.configure({ timeout: 120_000 });

/** A backup of the site under test, taken now (the other project's may be running: then that one is listed). */
async function takeBackup(): Promise<void> {
  const { backUpSite } = await import("../../app/backups/schedule.server");
  const { BackupBusyError } = await import("../../app/backups/backup.server");
  for (let attempt = 0; ; attempt++) {
    try {
      await backUpSite();
      return;
    } catch (error) {
      if (!(error instanceof BackupBusyError) || attempt > 20) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

test("an admin sees the backups with their size and date and downloads one; members get 403", async ({
  page,
  jsEnabled,
}) => {
  await takeBackup();
  const { backupsOverview } = await import("../../app/backups/schedule.server");
  const { formatBytes } = await import("../../app/backups/format");
  const admin = await createMember();
  await makeAdmin(admin.id);
  await signIn(page, admin.id);
  await page.goto("/admin/backups");
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible();
  // The other project may add a backup meanwhile: the page's newest row is compared with what the database records.
  const table = page.getByRole("table", { name: "Backups, newest first" });
  const link = table.getByRole("link", { name: /^Download backup-/ }).first();
  const name = (await link.textContent())!.replace(/^Download /, "");
  const listed = (await backupsOverview()).backups.find((b) => b.name === name)!;
  expect(listed).toBeTruthy();
  const row = table.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(formatBytes(listed.bytes));
  await expect(row.locator("time")).toHaveAttribute("datetime", listed.createdAt);
  await expect(page.getByText(/: succeeded, backup-/)).toBeVisible();
  await expectAccessible(page);

  // The link's resource, fetched with the admin's session: the archive itself, as an attachment.
  expect(await link.getAttribute("download")).not.toBeNull();
  const download = await page.request.get((await link.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toBe(`attachment; filename="${name}"`);
  const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
  // The archive streamed from the shared store (decision 283) is the one recorded, byte for byte.
  expect(sha(await download.body())).toBe(listed.sha256);

  const member = await createMember();
  await page.context().clearCookies();
  await signIn(page, member.id);
  expect((await page.goto("/admin/backups"))?.status()).toBe(403);
  expect((await page.request.get(`/admin/backups/${name}`)).status()).toBe(403);
});
