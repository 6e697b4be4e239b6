import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { documentSink } from "./document-sink.server";

/**
 * React 18's streaming renderer (Node build) writes its whole 2 KB view when the next character does not fit at
 * its end, the unused end as NUL bytes (react/react#31134); the page's sink leaves them out (decision 270). Loaded
 * through Node's own resolution, as the server loads React.
 */
const root = path.resolve(import.meta.dirname, "../..");
const require = createRequire(path.join(root, "package.json"));
const React = require("react") as typeof import("react");

/** Short texts with a two-byte "°" and a three-byte "′" (as the sky wheel writes positions), shifted by `shift`. */
function wheel(shift: number) {
  return React.createElement(
    "ul",
    { title: "x".repeat(shift) },
    Array.from({ length: 200 }, (_, i) =>
      React.createElement(
        "li",
        { key: i, "aria-label": `Mars ${i % 30}°${String(i % 60).padStart(2, "0")}′ Leo` },
        "♂︎",
      ),
    ),
  );
}

type Sink = { write: (chunk: Uint8Array) => boolean; end: () => void; on: () => unknown };

function render(
  fizz: typeof import("react-dom/server"),
  app: ReturnType<typeof wheel>,
  sinkOf: (end: (b: Buffer) => void) => Sink,
) {
  return new Promise<Buffer>((resolve, reject) => {
    const sink = sinkOf(resolve);
    const { pipe } = fizz.renderToPipeableStream(app, {
      onAllReady: () => pipe(sink as never),
      onShellError: reject,
    });
  });
}

/** Every piece as React wrote it. */
function rawSink(end: (b: Buffer) => void): Sink {
  const chunks: Uint8Array[] = [];
  const sink = {
    write: (chunk: Uint8Array) => (chunks.push(chunk), true),
    end: () => end(Buffer.concat(chunks)),
    on: () => sink,
  };
  return sink;
}

describe.each(["production.min", "development"])("the document sink with react-dom's %s build", (build) => {
  const fizz = require(
    path.join(root, `node_modules/react-dom/cjs/react-dom-server.node.${build}.js`),
  ) as typeof import("react-dom/server");
  const legacy = require(
    path.join(root, `node_modules/react-dom/cjs/react-dom-server-legacy.node.${build}.js`),
  ) as typeof import("react-dom/server");

  it("gets a page without the NUL bytes React 18 leaves where a character did not fit its view", async () => {
    let rawWithNul = 0;
    // Shifted one byte at a time, so that each kind of character meets the end of React's 2,048-byte view.
    for (let shift = 0; shift < 6; shift += 1) {
      const app = wheel(shift);
      if ((await render(fizz, app, rawSink)).includes(0)) rawWithNul += 1;
      const page = await render(fizz, app, documentSink);
      expect(page.includes(0), `shift ${shift}`).toBe(false);
      expect(page.toString("utf8")).toBe(legacy.renderToString(app));
    }
    // React as installed has the fault (remove the trim with React 19, whose stream writes only what it wrote).
    expect(rawWithNul).toBeGreaterThan(0);
  });
});
