import { SKIPPED_ELEMENTS, SKIPPED_ROLES } from "~/speech/text";

/**
 * Read-along in the page (decision 194), without React: the sentences the server timed are found in the page's
 * `<main>` (the same text the speech was made from), the one being heard is highlighted with the CSS Custom
 * Highlight API (no element is added to or moved in the page's text, so React's tree and the reader's
 * selection are untouched), kept in view while the reader follows it, and each paragraph offers "Read from
 * here".
 */
export type TimedSentence = { text: string; start: number; end: number };

export const HIGHLIGHT_NAME = "read-along";
const SEARCH_AHEAD = 40;
const PARAGRAPHS = "p, li, blockquote, dd, figcaption";

type Token = { node: Text; start: number; end: number; word: string };

const WORD = /[\p{L}\p{N}]+/gu;

function isSkipped(element: Element): boolean {
  if (SKIPPED_ELEMENTS.has(element.tagName.toLowerCase())) return true;
  if (element.hasAttribute("hidden") || element.getAttribute("aria-hidden") === "true") return true;
  if (element.getAttribute("data-read-aloud") === "skip") return true;
  const role = element.getAttribute("role");
  return role !== null && SKIPPED_ROLES.includes(role);
}

/** The words of the page's spoken text, in reading order, each with where it is in its text node. */
function pageTokens(main: HTMLElement): Token[] {
  const tokens: Token[] = [];
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.nodeType === Node.ELEMENT_NODE && isSkipped(node as Element)
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType !== Node.TEXT_NODE) continue;
    const text = node.nodeValue ?? "";
    for (const match of text.matchAll(WORD)) {
      const start = match.index ?? 0;
      tokens.push({ node: node as Text, start, end: start + match[0].length, word: match[0].toLowerCase() });
    }
  }
  return tokens;
}

/**
 * Where each sentence is in the page: the range from its first to its last word found there, in order. Words the
 * speech added ("plus" for '+') or the page shows but speech dropped are passed over; a sentence none of whose
 * words are found has no range.
 */
export function locateSentences(main: HTMLElement, sentences: string[]): Array<Range | null> {
  const tokens = pageTokens(main);
  let at = 0;
  return sentences.map((sentence) => {
    let first: Token | null = null;
    let last: Token | null = null;
    for (const match of sentence.matchAll(WORD)) {
      const word = match[0].toLowerCase();
      const limit = Math.min(tokens.length, at + SEARCH_AHEAD);
      for (let i = at; i < limit; i++) {
        if (tokens[i]!.word !== word) continue;
        first ??= tokens[i]!;
        last = tokens[i]!;
        at = i + 1;
        break;
      }
    }
    if (!first || !last) return null;
    const range = document.createRange();
    range.setStart(first.node, first.start);
    range.setEnd(last.node, last.end);
    return range;
  });
}

/** The sentence heard at `seconds`: the last one that has started (-1 before the first). */
export function sentenceAt(sentences: TimedSentence[], seconds: number): number {
  let index = -1;
  for (let i = 0; i < sentences.length; i++) {
    if (sentences[i]!.start <= seconds) index = i;
    else break;
  }
  return index;
}

export function highlightSupported(): boolean {
  return typeof CSS !== "undefined" && "highlights" in CSS && typeof Highlight !== "undefined";
}

export function showHighlight(range: Range | null) {
  if (!highlightSupported()) return;
  if (range) CSS.highlights.set(HIGHLIGHT_NAME, new Highlight(range));
  else CSS.highlights.delete(HIGHLIGHT_NAME);
}

/** The part of the window the read-aloud control leaves free (its reserve is the document's scroll padding). */
function visibleBottom(): number {
  const reserve = parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0;
  return window.innerHeight - reserve;
}

function isInView(rect: DOMRect): boolean {
  return rect.bottom > 0 && rect.top < visibleBottom();
}

/**
 * Brings the new sentence into view when the reader was following the previous one (it was on screen): a reader
 * who scrolled away is left where they are. Instant under reduced motion, smooth otherwise. Focus never moves.
 */
export function keepInView(previous: Range | null, next: Range | null) {
  if (!next) return;
  const target = next.getBoundingClientRect();
  if (target.height === 0) return;
  if (previous && !isInView(previous.getBoundingClientRect())) return;
  const bottom = visibleBottom();
  const margin = bottom * 0.15;
  if (target.top >= margin && target.bottom <= bottom - margin) return;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({
    top: window.scrollY + target.top - window.innerHeight / 3,
    behavior: reduced ? "auto" : "smooth",
  });
}

/** The paragraphs of `<main>` in which a sentence starts, each with the first sentence starting in it. */
export function paragraphStarts(main: HTMLElement, ranges: Array<Range | null>): Array<[HTMLElement, number]> {
  const starts: Array<[HTMLElement, number]> = [];
  const seen = new Set<Element>();
  ranges.forEach((range, index) => {
    if (!range) return;
    const container = range.startContainer.parentElement?.closest(PARAGRAPHS);
    if (!container || !main.contains(container) || seen.has(container)) return;
    seen.add(container);
    starts.push([container as HTMLElement, index]);
  });
  return starts;
}

/**
 * A "Read from here" button at the end of each paragraph: one tab stop for all of them (roving tabindex: the
 * paragraph being read holds it; the arrow keys move between them), so they do not fill the tab order. Their
 * names say which paragraph they start. Answers a function that sets the current one, and one that removes them.
 */
export function addReadFromHere(
  paragraphs: Array<[HTMLElement, number]>,
  onChoose: (sentence: number) => void,
): { setCurrent: (sentence: number) => void; remove: () => void } {
  const buttons = paragraphs.map(([paragraph, sentence]) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "read-from-here";
    button.textContent = "Read from here";
    const words = (paragraph.textContent ?? "").trim().split(/\s+/).slice(0, 6).join(" ");
    button.setAttribute("aria-label", `Read from here: ${words}`);
    button.tabIndex = -1;
    button.addEventListener("click", () => onChoose(sentence));
    paragraph.append(" ", button);
    return { button, sentence };
  });
  const onKeyDown = (event: KeyboardEvent) => {
    const index = buttons.findIndex((b) => b.button === event.target);
    if (index < 0) return;
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, Home: -Infinity, End: Infinity }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = Math.max(0, Math.min(buttons.length - 1, index + step));
    for (const b of buttons) b.button.tabIndex = -1;
    buttons[next]!.button.tabIndex = 0;
    buttons[next]!.button.focus();
  };
  for (const b of buttons) b.button.addEventListener("keydown", onKeyDown);
  const setCurrent = (sentence: number) => {
    if (buttons.some((b) => b.button === document.activeElement)) return; // the reader is moving among them
    let current = 0;
    buttons.forEach((b, i) => {
      if (b.sentence <= sentence) current = i;
    });
    buttons.forEach((b, i) => (b.button.tabIndex = i === current ? 0 : -1));
  };
  setCurrent(0);
  return {
    setCurrent,
    remove: () => {
      for (const { button } of buttons) {
        const space = button.previousSibling;
        if (space?.nodeType === Node.TEXT_NODE && space.nodeValue === " ") space.remove();
        button.remove();
      }
    },
  };
}
