import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

test.describe("the octahedron model on /octahedron", () => {
  test("shows the site's octahedron in the 3D viewer, or its drawing without JavaScript", async ({
    page,
    jsEnabled,
  }) => {
    test.setTimeout(90_000);
    await page.goto("/octahedron");
    await waitForHydration(page, jsEnabled);
    const section = page.getByRole("region", { name: "The Octahedron in 3D" });
    await expect(section).toBeVisible();
    if (jsEnabled) {
      await expect(section.getByText("The octahedron model is ready: drag to turn it.")).toBeVisible({
        timeout: 60_000,
      });
      const canvas = section.getByRole("img", { name: "3D view of the octahedron" });
      await expect(canvas).toBeVisible();
      // Something was drawn: the canvas is not one flat colour.
      const distinctColours = () =>
        canvas.evaluate((element) => {
          const source = element as HTMLCanvasElement;
          const copy = document.createElement("canvas");
          copy.width = source.width;
          copy.height = source.height;
          const context = copy.getContext("2d")!;
          context.drawImage(source, 0, 0);
          const pixels = context.getImageData(0, 0, copy.width, copy.height).data;
          const colours = new Set<number>();
          for (let i = 0; i < pixels.length; i += 4 * 97)
            colours.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
          return colours.size;
        });
      await expect.poll(distinctColours, { timeout: 20_000 }).toBeGreaterThan(3);
    } else {
      await expect(section.getByText("The interactive model needs JavaScript; here is its drawing.")).toBeVisible();
      await expect(section.getByRole("img")).toBeVisible();
    }
    await expectAccessible(page);
  });
});
