import { performance } from "node:perf_hooks";
import { renderPostHtml } from "~/forum/post-markdown.server";
const WORDS = "the numbers speak of change and harmony seven nine three a path of light balance growth moon sun stars".split(" ");
const text = Array.from({length: 1000}, (_, i) => Array.from({length: 180}, (_, j) => WORDS[(i*7+j*13)%WORDS.length]).join(" ") + ` *x${i}*\n\n- a\n- b`);
for (const t of text.slice(0,100)) renderPostHtml(t);
const s = performance.now(); text.forEach(t => renderPostHtml(t)); console.log("render", ((performance.now()-s)/text.length*1000).toFixed(1), "µs");
