/**
 * What `node build/server.js` runs first (decision 220): `.env` and the NODE_ENV default (scripts/env-file.ts),
 * and only then the server itself (server.ts, built to build/server-main.js), imported dynamically so that no
 * package it imports (React, React Router, Remix) is evaluated before NODE_ENV is settled. A static import would
 * not do: an ES module's imports are all evaluated before its own code runs.
 */
import "./scripts/env-file";

await import(new URL("./server-main.js", import.meta.url).href);
