import { VIEWER_BACKGROUND } from "../../app/models3d/ui/viewer-look";
import { cubeStlBinary } from "../fixtures/models3d/cubes";
import { canvasPixels, checkUntilConverted, expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * /3d-viewer end to end: with JavaScript the upload runs through the API, the progress bar is polled to 100%
 * and the three.js canvas draws the cube (software WebGL: Chromium runs with --disable-gpu); without
 * JavaScript the form posts, the status page answers Check again with each change and then offers the GLB and a poster.
 */
const cube = { name: "cube.stl", mimeType: "model/stl", buffer: Buffer.from(cubeStlBinary()) };

test("uploads a cube and shows it converted", async ({ page, jsEnabled }) => {
  if (jsEnabled) {
    // Record every value the progress bar shows, however briefly.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const value = bar?.getAttribute("aria-valuenow");
        if (value && seen[seen.length - 1] !== value) seen.push(value);
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
  }
  await page.goto("/3d-viewer");
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Supported File Formats" })).toBeVisible();
  await expect(page.getByText("Files up to 100 MB.", { exact: false })).toBeVisible();
  await expectAccessible(page);

  const button = page.getByRole("button", { name: "Upload Model" });
  if (jsEnabled) await expect(button).toBeDisabled();
  await page.getByLabel("3D model file").setInputFiles(cube);
  if (jsEnabled) {
    await expect(page.getByText("cube.stl")).toBeVisible();
    await expect(page.getByText("(0.00 MB)")).toBeVisible();
  }
  await button.click();

  if (jsEnabled) {
    const canvas = page.getByRole("img", { name: "3D view of cube.stl" });
    await expect(canvas).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: "Upload New Model" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Fit to View" })).toBeVisible();
    const progress = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
    expect(progress).toContain("100");
    // The canvas is 600 px high and shows more than its background colour.
    await expect.poll(async () => (await canvas.boundingBox())?.height).toBe(600);
    await expect
      .poll(async () => (await canvasPixels(canvas, VIEWER_BACKGROUND)).drawn, { timeout: 15_000 })
      .toBeGreaterThan(1000);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Upload New Model" }).click();
    await expect(page.getByRole("button", { name: "Upload Model" })).toBeDisabled();
  } else {
    await expect(page).toHaveURL(/\/3d-viewer\/[A-Za-z0-9_-]{24}$/);
    const download = page.getByRole("link", { name: "Download the converted model (.glb)" });
    await checkUntilConverted(page, download);
    await expect(page.getByRole("img", { name: "Preview of cube.stl" })).toBeVisible();
    await expectAccessible(page);
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toBe("cube.glb");
    const path = await file.path();
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(path).subarray(0, 4).toString("latin1")).toBe("glTF");
  }
});

test("refuses a PNG renamed to .obj with a clear message", async ({ page, jsEnabled }) => {
  await page.goto("/3d-viewer");
  await waitForHydration(page, jsEnabled);
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)]);
  await page.getByLabel("3D model file").setInputFiles({ name: "picture.obj", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Upload Model" }).click();
  // the summary, focused (JavaScript's answer, or the server's page with autofocus): a named group described by the
  // reason, not an alert (decision 450)
  const alert = page.getByRole("group", { name: "Failed to upload model. Please try again." });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("This file is a PNG image, not a .obj model.");
  await expect(alert).toBeFocused();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectAccessible(page);
});
