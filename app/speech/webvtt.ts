import type { SentenceTiming } from "./provider";

/**
 * Sentence timings as a WebVTT metadata track (W3C WebVTT: a `WEBVTT` line, then one cue per sentence with its
 * id `s1`, `s2`, …, its times `hh:mm:ss.mmm --> hh:mm:ss.mmm` and the sentence as its text). Served beside the
 * MP3 for `<track kind="metadata">` (decision 192).
 */
export function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** Cue text may not hold `&`, `<` or `>` unescaped, nor a line break (a blank line would end the cue). */
function cueText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\s+/g, " ").trim();
}

export function sentenceCueId(index: number): string {
  return `s${index + 1}`;
}

export function sentencesToWebVtt(sentences: SentenceTiming[]): string {
  const cues = sentences.map((sentence, index) => {
    // A cue must end after it starts; a sentence heard for no time still gets a millisecond.
    const end = Math.max(sentence.end, sentence.start + 0.001);
    return `${sentenceCueId(index)}\n${vttTime(sentence.start)} --> ${vttTime(end)}\n${cueText(sentence.text)}`;
  });
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}
