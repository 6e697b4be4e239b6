import { loadContentLibrary } from "~/content/content.server";
import {
  BLOG_HARD_CAP,
  BLOG_SOFT_CAP,
  NO_READABLE_CONTENT,
  NORMAL_PAGE_CAP,
  capSpeechText,
  estimatedSeconds,
  extractPageText,
  htmlToBlocks,
  isBlogPath,
  normalizeSpeechText,
  prepareSpeechText,
  speechTextFromHtml,
} from "./text";

describe("symbol rules", () => {
  it("reads '+' as plus", () => {
    expect(normalizeSpeechText("7+3")).toBe("7 plus 3");
  });
  it("reads '=' as equals", () => {
    expect(normalizeSpeechText("a=b")).toBe("a equals b");
  });
  it("reads '*' as times", () => {
    expect(normalizeSpeechText("3*3")).toBe("3 times 3");
  });
  it("reads '/' as divided by", () => {
    expect(normalizeSpeechText("10/2")).toBe("10 divided by 2");
  });
  it("reads the article's arithmetic", () => {
    expect(normalizeSpeechText("7+3+1=11, 0+9+1=10")).toBe("7 plus 3 plus 1 equals 11, 0 plus 9 plus 1 equals 10");
  });
});

describe("special characters and instruction phrases", () => {
  it("removes symbols and emoji but keeps letters of every script", () => {
    expect(normalizeSpeechText("✨ Angel Number Decoded! ✨ → #1 ☉ {x} [y] <z>")).toBe("Angel Number Decoded! 1 x y z");
    expect(normalizeSpeechText("नमस्ते — Привет, مرحبا")).toBe("नमस्ते — Привет, مرحبا");
  });
  it("says '&' as and", () => {
    expect(normalizeSpeechText("Technology & Innovation")).toBe("Technology and Innovation");
  });
  it("removes instruction phrases", () => {
    expect(normalizeSpeechText("Skip to main content. Welcome. Click here to begin. Read Full Article")).toBe(
      "Welcome.",
    );
    expect(normalizeSpeechText("Press Enter. Scroll down to see more. The end.")).toBe("The end.");
  });
  it("keeps ordinary words that only contain an instruction word", () => {
    expect(normalizeSpeechText("The clicker pressed on with the loading dock.")).toBe(
      "The clicker pressed on with the loading dock.",
    );
  });
});

describe("caps", () => {
  const sentence = "The divine explores itself through ten principles. "; // 51 characters
  const long = sentence.repeat(100).trim();

  it("caps normal pages near 1500 characters at a sentence end", () => {
    const capped = capSpeechText(long);
    expect(capped.length).toBeLessThanOrEqual(NORMAL_PAGE_CAP);
    expect(capped.length).toBeGreaterThan(NORMAL_PAGE_CAP - sentence.length);
    expect(capped.endsWith("principles.")).toBe(true);
  });

  it("cuts at a word when there is no sentence end", () => {
    const words = "word ".repeat(600).trim();
    const capped = capSpeechText(words);
    expect(capped.length).toBeLessThanOrEqual(NORMAL_PAGE_CAP + 1);
    expect(capped.endsWith("word.")).toBe(true);
  });

  it("leaves short pages alone", () => {
    expect(capSpeechText(sentence.trim())).toBe(sentence.trim());
  });

  it("lets blog pages run to the first sentence end after 2500 characters", () => {
    const capped = capSpeechText(long, { blog: true });
    expect(capped.length).toBeGreaterThanOrEqual(BLOG_SOFT_CAP);
    expect(capped.length).toBeLessThan(BLOG_SOFT_CAP + sentence.length);
    expect(capped.endsWith(".")).toBe(true);
  });

  it("never lets blog pages exceed 3500 characters", () => {
    const oneRun = `${"x".repeat(2400)} ${"and so on ".repeat(200)}`;
    const capped = capSpeechText(oneRun, { blog: true });
    expect(capped.length).toBeLessThanOrEqual(BLOG_HARD_CAP + 1);
    expect(capped.length).toBeGreaterThan(BLOG_SOFT_CAP);
  });

  it("knows which pages are blog pages", () => {
    expect(isBlogPath("/blog")).toBe(true);
    expect(isBlogPath("/seven-three-one")).toBe(true);
    expect(isBlogPath("/about")).toBe(false);
    expect(isBlogPath("/blogger")).toBe(false);
  });
});

describe("fallback", () => {
  it("answers the spec's message when 10 characters or fewer remain", () => {
    expect(prepareSpeechText("")).toBe(NO_READABLE_CONTENT);
    expect(prepareSpeechText("✨✨ Hi there ✨")).toBe(NO_READABLE_CONTENT); // "Hi there" is 8
    expect(prepareSpeechText("0123456789")).toBe(NO_READABLE_CONTENT); // exactly 10
    expect(prepareSpeechText("01234567890")).toBe("01234567890"); // 11 is read
  });
});

describe("extraction from HTML", () => {
  const page = `<!DOCTYPE html><html><body>
    <a href="#main">Skip to main content</a>
    <header><nav><a href="/">Home</a><a href="/blog">Blog</a></nav></header>
    <main id="main"><h1>About the &amp; System</h1>
      <p>The ten principles are <em>one</em> whole.</p>
      <ul><li>Change</li><li>Growth</li></ul>
      <script>var x = "never read";</script>
      <div aria-hidden="true">decorative</div>
      <form><label>Your date<input name="d"></label><button>Analyze</button></form>
      <svg><text>drawn</text></svg>
    </main>
    <footer>The divine exploring itself</footer>
    <div class="read-aloud">Listen to this page</div></body></html>`;

  it("reads the main element only, with phrases ended", () => {
    expect(extractPageText(page)).toBe("About the & System. The ten principles are one whole. Change. Growth.");
  });

  it("prepares the page as read-aloud speaks it", () => {
    expect(speechTextFromHtml(page, "/about")).toBe(
      "About the and System. The ten principles are one whole. Change. Growth.",
    );
  });

  it("falls back to the best scoring blocks when there is no main element", () => {
    const prose = "Numbers are the language of the one reality, and each digit, from zero to nine, names a principle.";
    const html = `<body><div>Menu</div><p>${prose} ${prose}</p><p>Short line, really.</p><p>${prose}</p></body>`;
    const text = extractPageText(html);
    expect(text).toContain(prose);
    expect(text).not.toContain("Menu");
    expect(text).not.toContain("Short line");
  });

  it("estimates speech length at 900 characters a minute", () => {
    expect(estimatedSeconds("x".repeat(900))).toBe(60);
  });
});

describe("reading only what the caps keep (decision 121)", () => {
  const { pages, posts } = loadContentLibrary();
  const html = (parts: { kind: string; html?: string }[]) => parts.map((part) => part.html ?? "").join("");
  // /blog's main element: every post (the site's longest page, about 29,000 characters of text)
  const blog = `<main id="main"><h1>Blog</h1>${posts.map((post) => `<article><h2>${post.title}</h2>${post.nestedHtml}</article>`).join("")}</main>`;

  it("stops reading phrases once it has enough", () => {
    const all = htmlToBlocks(blog);
    const head = htmlToBlocks(blog, 2 * BLOG_HARD_CAP);
    expect(all.map((block) => block.text).join("").length).toBeGreaterThan(6 * BLOG_HARD_CAP);
    expect(head.length).toBeLessThan(all.length / 2);
    expect(head).toEqual(all.slice(0, head.length));
    expect(head.map((block) => block.text).join("").length).toBeGreaterThanOrEqual(2 * BLOG_HARD_CAP);
  });

  it("speaks the same words as the whole page on every content page and post", () => {
    const mains: [string, string][] = [
      ["/blog", blog],
      ["/about", blog],
      ...[...pages.values()].map((page): [string, string] => [`/${page.slug}`, `<main>${html(page.parts)}</main>`]),
      ...posts.map((post): [string, string] => [`/blog/${post.slug}`, `<main>${html(post.parts)}</main>`]),
    ];
    for (const [pathname, main] of mains) {
      const whole = prepareSpeechText(extractPageText(main), { blog: isBlogPath(pathname) });
      expect(speechTextFromHtml(main, pathname), pathname).toBe(whole);
    }
  });

  it("reads the whole main element when the rules leave too little of its first phrases", () => {
    const main = `<main><p>${"✨ ".repeat(4000)}</p><p>Real words come after the decoration.</p></main>`;
    expect(speechTextFromHtml(main, "/blog")).toBe("Real words come after the decoration.");
  });
});
