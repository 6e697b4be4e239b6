/**
 * `npx tsx scripts/bench-post-markdown.ts`: what rendering a forum post's Markdown costs (decision 340), to choose
 * between HTML kept with the post (rendered once, at write time) and HTML rendered when read with a memo. It renders
 * distinct posts of a realistic mix (plain text as posts were before, emphasis, lists, quotes with their
 * attribution, links, code, mentions; 200-2,000 characters) with `renderPostHtml` (marked + sanitize-html), and
 * reports per post: the first render of a text (a memo miss), a memo hit (the key lookup `postsHtml` does), the
 * plain text (`postPlainText`, mail and search), and a topic page's 25 posts cold and warm. No database: the one
 * query that resolves a page's mentions is measured by `scripts/bench-forum.ts` with the page.
 *
 * Options: --posts=N (distinct posts, default 2,000), --rounds=N (default 5).
 */
import { performance } from "node:perf_hooks";
import { postPlainText, renderPostHtml } from "../app/forum/post-markdown.server";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const POSTS = option("posts", 2000);
const ROUNDS = option("rounds", 5);

const WORDS =
  "the numbers speak of change and harmony seven nine three a path of light balance growth moon sun stars".split(" ");
function words(n: number, seed: number): string {
  let text = "";
  for (let i = 0; i < n; i++) text += `${WORDS[(seed * 7 + i * 13) % WORDS.length]} `;
  return text.trim();
}

/** Distinct posts: one in four plain text (as before Markdown), the others with each kind of formatting. */
function post(i: number): string {
  const size = 30 + ((i * 37) % 300); // 30-330 words: about 200-2,000 characters
  const body = words(size, i);
  switch (i % 4) {
    case 0:
      return `${body.slice(0, body.length / 2)}\n${body.slice(body.length / 2)} https://example.org/${i}`;
    case 1:
      return `Some *${WORDS[i % WORDS.length]}* and **${i}** words.\n\n- ${words(8, i)}\n- ${words(6, i + 1)}\n- ${words(9, i + 2)}\n\n${body}`;
    case 2:
      return `> ${words(20, i)}\n> ${words(15, i + 3)}\n— member_${i}, post #${i % 50} /forum/topic/${i}/post/${i % 50}\n\n${body} @member_${i}`;
    default:
      return `## ${words(4, i)}\n\n${body}\n\n1. [a link](https://example.org/${i})\n2. \`code ${i}\`\n\n~~${words(3, i)}~~ www.example.com/${i}`;
  }
}

const texts = Array.from({ length: POSTS }, (_, i) => post(i));
const characters = texts.reduce((sum, text) => sum + text.length, 0) / texts.length;

function timeEach(label: string, work: (text: string, i: number) => unknown): number {
  const perPost: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    texts.forEach(work);
    perPost.push(((performance.now() - start) / texts.length) * 1000);
  }
  perPost.sort((a, b) => a - b);
  const median = perPost[Math.floor(perPost.length / 2)]!;
  console.log(`${label.padEnd(44)} ${median.toFixed(1).padStart(8)} µs a post (median of ${ROUNDS} rounds)`);
  return median;
}

console.log(`${POSTS} distinct posts, ${Math.round(characters)} characters on average, Node ${process.version}`);
// warm the code paths (JIT) before measuring
texts.slice(0, 200).forEach((text) => renderPostHtml(text));
const members = new Map([["member_1", "member_1"]]);
const render = timeEach("render (marked + sanitize-html), a miss", (text) => renderPostHtml(text, members));
const memo = new Map(texts.map((text) => [`member_1\u0000${text}`, renderPostHtml(text, members)]));
const hit = timeEach("memo hit (key of text and members)", (text) => memo.get(`member_1\u0000${text}`));
timeEach("plain text (mail, search excerpt)", (text) => postPlainText(text));
console.log(
  `a topic page of 25 posts: ${((render * 25) / 1000).toFixed(2)} ms rendered cold, ${((hit * 25) / 1000).toFixed(3)} ms from the memo`,
);
