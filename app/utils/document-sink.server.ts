/** React's streaming renderer writes its output in views of this many bytes (react-dom 18, Node build). */
const VIEW_BYTES = 2048;

/**
 * Where React's `renderToPipeableStream` writes a page (`pipe` calls `write`, `end` and `on`), collected whole
 * (decision 005): a plain object, not a stream.Writable, whose per-piece bookkeeping and 'close' event (React then
 * ended it a second time, an ERR_STREAM_ALREADY_FINISHED error built and dropped on every page) cost more than
 * collecting the pieces (decision 111).
 *
 * React 18's stream writes its whole 2 KB view when the next character does not fit at its end, the unused end as
 * NUL bytes (react/react#31134), which browsers show as U+FFFD ("Mars 28�°57′ Leo"). A page holds no NUL of its
 * own (React writes text as it is, and the site refuses bodies with NUL, decision 082; data goes out as
 * JSON-escaped strings), so a full view's trailing NULs are that unused end and are left out here (decision 270).
 * React 19 writes only the bytes written; this trim then finds nothing.
 */
export function documentSink(end: (document: Buffer<ArrayBuffer>) => void) {
  const chunks: Uint8Array[] = [];
  const sink = {
    write(chunk: Uint8Array) {
      chunks.push(chunk.byteLength === VIEW_BYTES ? withoutUnusedEnd(chunk) : chunk);
      return true;
    },
    end() {
      end(Buffer.concat(chunks));
    },
    on() {
      return sink;
    },
  };
  return sink;
}

function withoutUnusedEnd(view: Uint8Array): Uint8Array {
  let used = view.byteLength;
  while (used > 0 && view[used - 1] === 0) used -= 1;
  return used === view.byteLength ? view : view.subarray(0, used);
}
