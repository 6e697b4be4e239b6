import type { LoaderFunctionArgs } from "@remix-run/node";
import { readStoredImage } from "~/ai/image.server";
import type { Digit } from "~/numerology/principles";
import { renderVisualEssenceSvg } from "~/numerology/visual-essence";
import { cacheControl } from "~/utils/cache-control";

/**
 * The visual essence images: `/visual-essence/3.svg?seed=42` draws the generated SVG (same digit and seed, same
 * picture, so it caches forever); `/visual-essence/{uuid}.png` serves a picture an image model made.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  const svg = /^([0-9])\.svg$/.exec(file);
  if (svg) {
    const seedParam = new URL(request.url).searchParams.get("seed") ?? "0";
    if (!/^\d{1,10}$/.test(seedParam)) return new Response("The seed must be a whole number.", { status: 400 });
    return new Response(renderVisualEssenceSvg(Number(svg[1]) as Digit, Number(seedParam)), {
      headers: {
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Cache-Control": cacheControl.immutable,
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      },
    });
  }
  const stored = await readStoredImage(file);
  if (!stored) return new Response("Not Found", { status: 404 });
  return new Response(new Uint8Array(stored), {
    headers: { "Content-Type": "image/png", "Cache-Control": cacheControl.immutable },
  });
}
