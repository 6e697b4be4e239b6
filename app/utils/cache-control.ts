/**
 * The site's caching policies, one name each (issue 43): an answer names its policy instead of writing the header's
 * text. Private answers are never kept by a shared cache (decision 296: request-edge.server.ts holds every answer to
 * that); the page cache keeps its own policies beside its store.
 */
export const cacheControl = {
  /** Never kept, by the browser or any cache: private or changing with every request (ASVS 8.2.1). */
  noStore: "no-store",
  /** One visitor's page (their own chart, their choices), never kept. */
  privateNoStore: "private, no-store",
  /** One visitor's answer, kept by their browser and checked again (its ETag) before each use. */
  privateRevalidate: "private, no-cache",
  /** Kept, and checked again before each use. */
  revalidate: "no-cache",
  /** A file whose address changes with its content: kept a year. */
  immutable: "public, max-age=31536000, immutable",
  /** The same for everyone, for `seconds`. */
  publicFor: (seconds: number) => `public, max-age=${seconds}`,
  /** One visitor's, kept by their browser for `seconds`. */
  privateFor: (seconds: number) => `private, max-age=${seconds}`,
} as const;
