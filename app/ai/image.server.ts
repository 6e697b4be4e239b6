import { randomUUID } from "node:crypto";
import { env } from "~/utils/env.server";
import { fileStore } from "~/utils/file-store.server";
import { spendPaidCall } from "~/utils/paid-budget.server";
import { isOpenAIConfigured, openAIClient } from "./openai.server";
import type { ImageProvider } from "./provider";

/**
 * Images: OpenAI images when configured (the picture is kept in the shared file store, decision 280, and served
 * from this site by every instance, so
 * pages never load a third-party address); otherwise, or when that fails, the caller's own fallback picture
 * (the numerology domain's generated SVG visual essence). `ai/` knows no domain: the fallback comes in as a URL.
 */
const images = fileStore.under("visual-essence");
const STORED_IMAGE = /^[0-9a-f-]{36}\.png$/;

export const openAIImageProvider: ImageProvider = {
  name: "openai",
  async generateImage({ prompt }, { signal }) {
    const result = await openAIClient().images.generate(
      { model: env.OPENAI_IMAGE_MODEL, prompt, size: "1024x1024", n: 1 },
      { signal },
    );
    const b64 = result.data?.[0]?.b64_json;
    if (!b64) throw new Error("The image answer holds no picture");
    const file = `${randomUUID()}.png`;
    await images.put(file, Buffer.from(b64, "base64"), { contentType: "image/png" });
    return `/visual-essence/${file}`;
  },
};

export async function generateImage({
  seed,
  prompt,
  fallbackUrl,
  provider = isOpenAIConfigured() ? openAIImageProvider : null,
}: {
  seed: number;
  prompt: string;
  /** the picture to answer when no provider is configured, the budget is spent or the provider fails */
  fallbackUrl: string;
  provider?: ImageProvider | null;
}): Promise<{ imageUrl: string; provider: string }> {
  if (provider && (await spendPaidCall())) {
    try {
      const imageUrl = await provider.generateImage(
        { prompt, seed },
        { signal: AbortSignal.timeout(env.AI_TIMEOUT_MS) },
      );
      return { imageUrl, provider: provider.name };
    } catch (error) {
      console.warn(`[ai] image generation failed, using the fallback picture: ${(error as Error).message}`);
    }
  }
  return { imageUrl: fallbackUrl, provider: "svg" };
}

/** A stored picture by its file name, or null (names are checked, so no path can escape the folder). */
export async function readStoredImage(file: string): Promise<Buffer | null> {
  if (!STORED_IMAGE.test(file)) return null;
  return images.read(file).then(
    (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    () => null,
  );
}
