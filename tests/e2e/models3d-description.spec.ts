import type { Locator, Page } from "@playwright/test";
import { checkUntilConverted, expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * The model in words and the viewer without dragging: the converted model's page describes it in a <dl> (with
 * and without JavaScript), and with JavaScript the view turns and zooms from the keyboard and from buttons, each
 * change announced in a polite live region (WCAG 2.5.7).
 */
const scene = `<?xml version="1.0" encoding="UTF-8"?>
<X3D profile="Interchange" version="4.0"><head><unit category="length" name="millimetres" conversionFactor="0.001"/></head><Scene>
  <Transform translation="1 2 3">
    <Shape><Appearance><Material diffuseColor="1 0 0"/></Appearance><Box size="2 4 6"/></Shape>
    <Shape><Appearance><Material emissiveColor="0 0 1"/></Appearance>
      <IndexedLineSet coordIndex="0 1"><Coordinate point="-1 -2 -3, 1 2 3"/></IndexedLineSet></Shape>
  </Transform>
</Scene></X3D>`;
const file = { name: "red-box.x3d", mimeType: "model/x3d+xml", buffer: Buffer.from(scene) };

const EXPECTED = [
  ["Units", "millimetres"],
  ["Size along x", "2 millimetres"],
  ["Size along y", "4 millimetres"],
  ["Size along z", "6 millimetres"],
  ["Parts", "2"],
  ["Triangles", "12"],
  ["Lines", "1"],
  ["Material colours", "red, blue"],
];

async function uploadThroughApi(page: Page): Promise<string> {
  // a client address of its own, so the upload rate limit of other tests' uploads does not apply
  const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  const response = await page.request.post("/api/3d/upload", {
    multipart: { model: file },
    headers: { "X-Forwarded-For": address },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { urn: string }).urn;
}

async function descriptionRows(list: Locator): Promise<string[][]> {
  return list.evaluate((dl) =>
    [...dl.querySelectorAll("dt")].map((dt) => [dt.textContent ?? "", dt.nextElementSibling?.textContent ?? ""]),
  );
}

test("the model's page describes it in words", async ({ page, jsEnabled }) => {
  const urn = await uploadThroughApi(page);
  await page.goto(`/3d-viewer/${urn}`);
  const about = page.getByRole("region", { name: "About this model" });
  await checkUntilConverted(page, about);
  await waitForHydration(page, jsEnabled);
  expect(await descriptionRows(about.locator("dl"))).toEqual(EXPECTED);
  await expectAccessible(page);
});

test("the upload form leads to the model described in words", async ({ page, jsEnabled }) => {
  await page.goto("/3d-viewer");
  await waitForHydration(page, jsEnabled);
  await page.getByLabel("3D model file").setInputFiles(file);
  await page.getByRole("button", { name: "Upload Model" }).click();
  // with JavaScript the viewer on this page reads the description from the converted model; without, the
  // model's own page renders it on the server
  const about = page.getByRole("region", { name: "About this model" });
  await checkUntilConverted(page, about);
  expect(await descriptionRows(about.locator("dl"))).toEqual(EXPECTED);
  await expectAccessible(page);
});

test("the view turns and zooms without dragging, and says so", async ({ page, jsEnabled }) => {
  test.slow(); // an upload, a conversion and a dozen software-WebGL redraws on a shared machine
  const urn = await uploadThroughApi(page);
  await page.goto(`/3d-viewer/${urn}`);
  await checkUntilConverted(page, page.getByRole("region", { name: "About this model" }));
  if (!jsEnabled) {
    // Without JavaScript there is no live view to turn: the page shows the drawing and the words instead.
    await expect(page.getByRole("img", { name: "Preview of red-box.x3d" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn left" })).toHaveCount(0);
    await expectAccessible(page);
    return;
  }
  await waitForHydration(page, jsEnabled);
  const canvas = page.getByRole("img", { name: "3D view of red-box.x3d" });
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  const status = page.getByRole("region", { name: "Your Model Is Ready" }).getByRole("status");
  await expect(status).toHaveAttribute("aria-live", "polite");
  const pixels = () => canvas.evaluate((node) => (node as HTMLCanvasElement).toDataURL());
  const changes = async (action: () => Promise<void>) => {
    await expect.poll(pixels, { timeout: 10_000 }).toMatch(/^data:image\/png/);
    await page.waitForTimeout(300); // let the first frames settle
    const before = await pixels();
    await action();
    await expect.poll(pixels, { timeout: 10_000 }).not.toBe(before);
  };

  await canvas.focus();
  await expect(canvas).toBeFocused();
  await changes(() => page.keyboard.press("ArrowLeft"));
  await expect(status).toHaveText(/^Turned left: looking from \d+° round and \d+° (above|below) the horizon\.$/);
  await changes(() => page.keyboard.press("ArrowUp"));
  await expect(status).toHaveText(/^Turned up: /);
  await changes(() => page.keyboard.press("+"));
  await expect(status).toHaveText(/^Zoomed in: distance [\d.]+\.$/);
  await changes(() => page.keyboard.press("-"));
  await expect(status).toHaveText(/^Zoomed out: distance [\d.]+\.$/);

  await changes(() => page.getByRole("button", { name: "Top view" }).click());
  await expect(status).toHaveText("Top view: looking from 0° round and 90° above the horizon.");
  await changes(() => page.getByRole("button", { name: "Front view" }).click());
  await expect(status).toHaveText("Front view: looking from 0° round and 0° above the horizon.");
  await changes(() => page.getByRole("button", { name: "Turn right" }).click());
  await expect(status).toHaveText("Turned right: looking from 15° round and 0° above the horizon.");
  await changes(() => page.getByRole("button", { name: "Zoom in" }).click());
  await expect(status).toHaveText(/^Zoomed in: /);
  for (const name of ["Back view", "Left view", "Right view", "Bottom view"]) {
    await page.getByRole("button", { name }).click();
    await expect(status).toHaveText(new RegExp(`^${name}: `));
  }
  await expectAccessible(page);
});
