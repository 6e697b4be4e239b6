import { readdir, readFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";

/**
 * A raw HTTP client for the request-edge tests: unlike fetch it sends any Host, Origin or Sec-Fetch-Site header,
 * streams chunked bodies, and copes with a server that answers (and closes) before the whole body was sent.
 */
// Answers are JSON of every route's shape: tests read them as the client would, without declaring each one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; json: () => any };

export function send(
  base: string,
  pathname: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer | (() => AsyncIterable<Buffer>);
  } = {},
): Promise<Answer> {
  const url = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? "GET",
        headers: options.headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: () => JSON.parse(text) });
        });
        response.on("error", reject);
      },
    );
    // The server may refuse and close while the body is still being written: that is the point of a 413.
    request.on("error", (error) =>
      (error as NodeJS.ErrnoException).code === "EPIPE" || (error as NodeJS.ErrnoException).code === "ECONNRESET"
        ? undefined
        : reject(error),
    );
    const body = options.body;
    if (typeof body === "function") {
      void (async () => {
        for await (const chunk of body()) {
          if (request.destroyed) return;
          if (!request.write(chunk)) {
            await new Promise<void>((resolve) => {
              const done = () => {
                request.off("drain", done).off("close", done);
                resolve();
              };
              request.on("drain", done).on("close", done);
            });
          }
        }
        request.end();
      })().catch(() => {});
    } else {
      request.end(body);
    }
  });
}

/** Mails the server kept in its outbox folder for one address (newest last), waiting up to `timeoutMs` for one. */
export async function mailsTo(dataDir: string, to: string, count = 1, timeoutMs = 10_000) {
  const dir = path.join(dataDir, "outbox");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json")).sort();
    const all = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8"))));
    const mine = all.filter((m: { to: string }) => m.to === to) as Array<{ to: string; subject: string; text: string }>;
    if (mine.length >= count || Date.now() > deadline) return mine;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function randomAddress(): string {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

/** Cookie header from a response's Set-Cookie lines (name=value pairs). */
export function cookiesOf(answer: Answer): string {
  return (answer.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
}
