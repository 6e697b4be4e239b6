import type { Page } from "@playwright/test";
import { VIEWER_BACKGROUND } from "../../app/models3d/ui/viewer-look";
import { cubeStlBinary } from "../fixtures/models3d/cubes";
import { lightAndDarkCubesGlb, TEXTURE_RGB, texturedCubeGlb } from "../fixtures/models3d/textured";
import {
  canvasPixels,
  checkUntilConverted,
  expect,
  expectAccessible,
  holdScripts,
  test,
  waitForHydration,
} from "./fixtures";

/**
 * Issue 31's 3D viewer: the token renewed before it expires and after a 401, textures under the site's CSP, Fit to
 * View by both fields of view, a background that shows light and dark models, a retry after a failed upload, a
 * file picked before hydration, focus and the one live region, and the status page that does not re-read itself
 * every 2 s (decisions 141, 142).
 */
const cube = { name: "cube.stl", mimeType: "model/stl", buffer: Buffer.from(cubeStlBinary()) };
const ACTIVE = () => {
  const element = document.activeElement;
  return element
    ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} ${element.textContent ?? ""}`
    : "";
};

test.beforeEach(async ({ page }) => {
  // a client address of its own, so other tests' uploads do not count against this one's allowance
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
});

/** Every text the upload's live region shows, in order, recorded from before the page's scripts run. */
async function recordUploadStatus(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __uploadStatus: string[] }).__uploadStatus = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[aria-label="Upload status"]')?.textContent ?? "";
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __uploadStatus: string[] }).__uploadStatus);
}

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("3D model file").setInputFiles(file);
  await page.getByRole("button", { name: "Upload Model" }).click();
}

test("upload: focus follows the task and one polite live region tells it once", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "without JavaScript the form posts and the status page follows the conversion (below)");
  const statuses = await recordUploadStatus(page);
  await page.goto("/3d-viewer");
  await waitForHydration(page, jsEnabled);
  await upload(page, cube);
  const canvas = page.getByRole("img", { name: "3D view of cube.stl" });
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  const live = page.getByRole("status", { name: "Upload status" });
  await expect(live).toHaveText("cube.stl is ready to view.");
  await expect(live).toHaveAttribute("aria-live", "polite");
  // focus on the model's name, the new result (never <body>)
  await expect.poll(() => page.evaluate(ACTIVE)).toBe("h2#viewer-title cube.stl");
  const told = await statuses();
  expect(told[0]).toBe("Uploading cube.stl…");
  expect(told.at(-1)).toBe("cube.stl is ready to view.");
  expect(told.some((text) => text.startsWith("Uploaded cube.stl. Converting it:"))).toBe(true);
  expect(new Set(told).size).toBe(told.length); // each said once
  await expectAccessible(page);

  await page.getByRole("button", { name: "Upload New Model" }).click();
  await expect.poll(() => page.evaluate(ACTIVE)).toBe("input#model-file ");
  await expect(live).toHaveText("");
  await expect(page.getByRole("button", { name: "Upload Model" })).toBeDisabled();
});

test("a failed conversion's summary takes the focus; Upload New Model puts it on the file picker", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "without JavaScript the status page shows the failure (tested below)");
  await page.goto("/3d-viewer");
  await waitForHydration(page, jsEnabled);
  await upload(page, { name: "empty.obj", mimeType: "text/plain", buffer: Buffer.from("# nothing here\no empty\n") });
  const again = page.getByRole("button", { name: "Upload New Model" });
  await expect(again).toBeVisible({ timeout: 30_000 });
  // the failure's summary, focused: a named group, not also an alert (decision 450), nor said by the live region
  const summary = page.getByRole("group", { name: "The model could not be converted" });
  await expect(summary).toHaveAccessibleDescription(
    /^(No viewable geometry found in the model|Model translation failed\. Please try a different file\.)$/,
  );
  await expect(summary).toBeFocused();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("status", { name: "Upload status" })).toHaveText("");
  // Tab from it reaches the control that continues
  await page.keyboard.press("Tab");
  await expect(again).toBeFocused();
  await expectAccessible(page);
  await again.click();
  await expect.poll(() => page.evaluate(ACTIVE)).toBe("input#model-file ");
});

test("after a dropped upload the same file is sent again without a reload", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "a dropped connection without JavaScript is the browser's own error page");
  await page.goto("/3d-viewer");
  await waitForHydration(page, jsEnabled);
  let dropped = false;
  await page.route("**/api/3d/upload", (route) => {
    if (dropped) return route.continue();
    dropped = true;
    return route.abort("connectionreset");
  });
  await upload(page, cube);
  // the summary takes the focus, named and described (decision 450)
  const summary = page.getByRole("group", { name: "Failed to upload model. Please try again." });
  await expect(summary).toBeFocused();
  await expect(summary).toHaveAccessibleDescription("the connection was lost: check it and try again");
  await expect(page.getByRole("alert")).toHaveCount(0);
  const button = page.getByRole("button", { name: "Upload Model" });
  await expect(button).toBeEnabled();
  await expectAccessible(page);
  // Shift+Tab from it reaches the control that continues
  await page.keyboard.press("Shift+Tab");
  await expect(button).toBeFocused();
  await button.click(); // the file is still picked
  await expect(page.getByRole("img", { name: "3D view of cube.stl" })).toBeVisible({ timeout: 30_000 });
  await expect(summary).toHaveCount(0);
});

test("a file picked before the page's scripts run is uploaded once they have", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "without JavaScript there is no hydration: the picked file is posted (models3d.spec)");
  const scripts = await holdScripts(page);
  await page.goto("/3d-viewer", { waitUntil: "commit" });
  await page.getByLabel("3D model file").setInputFiles(cube);
  // the page's modules are asked for after its first paint (decision 110): once they are, they wait here, so the
  // file was picked before any of them ran
  await expect.poll(() => scripts.held()).toBeGreaterThan(0);
  scripts.release();
  // hydrated: the page's state has the file (the server renders no 'Selected:' line)
  await expect(page.getByText("Selected:")).toContainText("cube.stl");
  const button = page.getByRole("button", { name: "Upload Model" });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByRole("img", { name: "3D view of cube.stl" })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
});

test("the viewer token is renewed before it expires: an upload 16 minutes after loading shows the model", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "the viewer token is JavaScript's; the page without it uses signed links");
  await page.clock.install();
  const tokens: string[] = [];
  page.on("response", async (response) => {
    if (new URL(response.url()).pathname === "/api/3d/viewer-token")
      tokens.push(((await response.json()) as { access_token: string }).access_token);
  });
  const sent: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/3d/model/")) sent.push(request.headers().authorization ?? "");
  });
  await page.goto("/3d-viewer");
  await waitForHydration(page, jsEnabled);
  await expect.poll(() => tokens.length).toBe(1);
  await page.clock.fastForward("16:00");
  await expect.poll(() => tokens.length).toBe(2); // renewed a minute before the first expired
  await upload(page, cube);
  await expect(page.getByRole("img", { name: "3D view of cube.stl" })).toBeVisible({ timeout: 30_000 });
  expect(sent).toEqual([`Bearer ${tokens[1]}`]);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("a 401 for the model fetches a new token and asks again; a second one is shown under the model's name", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "the viewer token is JavaScript's; the page without it uses signed links");
  let tokenRequests = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/3d/viewer-token") tokenRequests++;
  });
  let refusals = 1;
  await page.route("**/api/3d/model/**", (route) =>
    refusals-- > 0
      ? route.fulfill({ status: 401, contentType: "application/json", body: '{"error":"expired"}' })
      : route.continue(),
  );
  await page.goto("/3d-viewer");
  await waitForHydration(page, jsEnabled);
  await upload(page, cube);
  await expect(page.getByRole("img", { name: "3D view of cube.stl" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("status", { name: "Upload status" })).toHaveText("cube.stl is ready to view.");
  expect(tokenRequests).toBe(2); // the page's, and a fresh one after the 401
  await expect(page.getByRole("alert")).toHaveCount(0);

  // refused twice: the error shows under the model's name, in view, its summary focused (decision 450)
  refusals = 2;
  await page.getByRole("button", { name: "Upload New Model" }).click();
  await upload(page, cube);
  const alert = page.getByRole("group", { name: "The model could not be shown" });
  await expect(alert).toContainText("Failed to load 3D model", { timeout: 30_000 });
  // in the site's words, never the loader's "fetch for http://… responded with 401: Unauthorized" (issue 47)
  await expect(alert).toContainText("the permission to view it ran out: reload the page to view it again");
  await expect(alert).not.toContainText(/fetch for|http|401|Unauthorized/);
  await expect(alert).toBeInViewport();
  await expect(alert).toBeFocused();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectAccessible(page);
});

test("a failing status check says so and offers to check again; the conversion goes on (issue 47)", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "the status is polled by JavaScript; without it the model's own page answers");
  let failing = true;
  await page.route("**/api/3d/status/**", (route) =>
    failing
      ? route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"down"}' })
      : route.continue(),
  );
  await page.goto("/3d-viewer");
  await waitForHydration(page, jsEnabled);
  await upload(page, cube);
  // the summary takes the focus and is said by it alone (decision 450): not an alert, not the live region
  const problem = page.getByRole("group", { name: "We could not check on the conversion" });
  await expect(problem).toBeFocused();
  await expect(problem).toHaveAccessibleDescription(
    "The server could not answer just now: please try again. The model may still be converting.",
  );
  await expect(problem).not.toContainText(/503|down/);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("status", { name: "Upload status" })).toHaveText("");
  await expectAccessible(page);
  // Tab from it reaches the button that continues
  await page.keyboard.press("Tab");
  const again = page.getByRole("button", { name: "Check again" });
  await expect(again).toBeFocused();
  failing = false;
  await again.click();
  await expect(page.getByRole("img", { name: "3D view of cube.stl" })).toBeVisible({ timeout: 30_000 });
  await expect(problem).toHaveCount(0);
});

test("a textured model shows its texture's colour", async ({ page, jsEnabled }) => {
  await page.goto("/3d-viewer");
  await waitForHydration(page, jsEnabled);
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await upload(page, {
    name: "green.glb",
    mimeType: "model/gltf-binary",
    buffer: Buffer.from(await texturedCubeGlb()),
  });
  if (!jsEnabled) {
    await checkUntilConverted(page, page.getByRole("heading", { name: "Your Model Is Ready" }));
    await expectAccessible(page);
    return;
  }
  const canvas = page.getByRole("img", { name: "3D view of green.glb" });
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await canvasPixels(canvas, VIEWER_BACKGROUND, TEXTURE_RGB)).tinted, { timeout: 15_000 })
    .toBeGreaterThan(2000);
  expect(errors.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual([]);
  await expectAccessible(page);
});

test("on a portrait phone Fit to View shows the whole model, light and dark parts alike", async ({
  page,
  jsEnabled,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/3d-viewer");
  await waitForHydration(page, jsEnabled);
  await upload(page, {
    name: "pair.glb",
    mimeType: "model/gltf-binary",
    buffer: Buffer.from(await lightAndDarkCubesGlb()),
  });
  if (!jsEnabled) {
    await checkUntilConverted(page, page.getByRole("heading", { name: "Your Model Is Ready" }));
    await expectAccessible(page);
    return;
  }
  const canvas = page.getByRole("img", { name: "3D view of pair.glb" });
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("status", { name: "Upload status" })).toHaveText("pair.glb is ready to view.");
  const check = async () => {
    const pixels = await canvasPixels(canvas, VIEWER_BACKGROUND);
    expect(pixels.drawn).toBeGreaterThan(2000);
    expect(pixels.atEdge).toBe(0); // nothing cut off by the frame
    expect(pixels.lighter).toBeGreaterThan(1000); // the white cube stands out
    expect(pixels.darker).toBeGreaterThan(1000); // and so does the black one
  };
  await expect.poll(async () => (await canvasPixels(canvas, VIEWER_BACKGROUND)).drawn).toBeGreaterThan(2000);
  await check();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await page.getByRole("button", { name: "Fit to View" }).click();
  await expect(page.getByText("Fitted the model to the view.")).toBeVisible();
  await page.waitForTimeout(300);
  await check();
  await page.screenshot({ path: test.info().outputPath("phone-viewer.png"), fullPage: true });
  await expectAccessible(page);
});

test("the status page does not reload itself; Check again answers with the next change", async ({
  page,
  jsEnabled,
}) => {
  const { createModelRecord, markModelFailed, setModelStage } = await import("../../app/models3d/models.server");
  const { newUrn } = await import("../../app/models3d/upload.server");
  const urn = newUrn();
  await createModelRecord({
    urn,
    originalName: "slow.step",
    format: "step",
    sizeBytes: 2048,
    sessionId: null,
    sourceKey: `test/${urn}`,
    status: "converting",
  });
  const documents: string[] = [];
  page.on("request", (request) => request.resourceType() === "document" && documents.push(request.url()));
  await page.goto(`/3d-viewer/${urn}`);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Processing Model" })).toBeVisible();
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  await expectAccessible(page);

  // the server holds 'Check again' until the conversion moves on
  const pressed = Date.now();
  setTimeout(() => void setModelStage({ urn, status: "optimising", progress: 75 }), 1500);
  await page.getByRole("button", { name: "Check again" }).click();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "75");
  if (!jsEnabled) expect(Date.now() - pressed).toBeGreaterThan(1400);

  await markModelFailed({ urn, error: "translation_failed: the test stopped it" });
  const failure = page.getByRole("group", { name: "The model could not be converted" });
  if (jsEnabled) {
    // in place, without a reload: the page asks every 2 s in the background
    await expect(failure).toBeVisible();
    expect(documents).toHaveLength(1);
  } else {
    await page.waitForTimeout(3000);
    expect(documents).toHaveLength(2); // the load and the one Check again: nothing reloaded by itself
    await page.getByRole("button", { name: "Check again" }).click();
    await expect(failure).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Processing Model" })).toHaveCount(0);
  // the focus is on the failure's summary, not left on <body> with Check again gone (issue 47), and it is not also
  // an alert (decision 450); Tab from it reaches the control that continues
  await expect(failure).toBeFocused();
  await expect(failure).toContainText("Model translation failed. Please try a different file.");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Upload New Model" })).toBeFocused();
  await expectAccessible(page);
});

test("the status page says when the model is ready and moves the focus to it (issue 47)", async ({
  page,
  jsEnabled,
}) => {
  const { createModelRecord, markModelConverted } = await import("../../app/models3d/models.server");
  const { newUrn } = await import("../../app/models3d/upload.server");
  const urn = newUrn();
  await createModelRecord({
    urn,
    originalName: "ready.step",
    format: "step",
    sizeBytes: 2048,
    sessionId: null,
    sourceKey: `test/${urn}`,
    status: "converting",
  });
  await page.goto(`/3d-viewer/${urn}`);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Processing Model" })).toBeVisible();
  await markModelConverted({ urn, glbKey: `test/${urn}/model.glb`, vertexCount: 8 });
  if (!jsEnabled) await page.getByRole("button", { name: "Check again" }).click();
  const ready = page.getByRole("heading", { name: "Your Model Is Ready" });
  await expect(ready).toBeVisible();
  await expect(ready).toBeFocused();
  if (jsEnabled)
    await expect(
      page.getByRole("status").filter({ hasText: "ready.step is converted and ready to view." }),
    ).toHaveCount(1);
});
