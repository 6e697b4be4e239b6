/**
 * What a Cookie header said, remembered by the whole header as received (decision 273): a browser sends the same
 * header on every view, and checking a signed cookie (Remix's cookie, Web Crypto's HMAC, with its promise chain)
 * costs 12-20 µs a view, 4-6 % of a kept page's answer. Only a header once checked in full is answered without a
 * check: a forged or changed one is another key, checked in full. The verdict must depend on the header and on what
 * lasts the process (the secret) alone: what can change (a session's row) is read after it, every time.
 * Bounded: headers up to 1 KB (a visitor's or a member's is about 100-200 bytes), 10,000 of them (at most 10 MB),
 * the oldest going first.
 */
export function headerVerdicts<T>(check: (header: string) => Promise<T>): (header: string) => Promise<T> {
  const verdicts = new Map<string, T>();
  return async (header) => {
    if (verdicts.has(header)) return verdicts.get(header)!;
    const verdict = await check(header);
    if (header.length <= MAX_HEADER_LENGTH) {
      if (verdicts.size >= MAX_HEADERS) verdicts.delete(verdicts.keys().next().value!);
      verdicts.set(header, verdict);
    }
    return verdict;
  };
}

const MAX_HEADERS = 10_000;
const MAX_HEADER_LENGTH = 1024;
