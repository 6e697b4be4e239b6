// Conversion process entry: registers tsx's TypeScript loader, then runs the converter (convert.worker.ts).
// Plain JavaScript so it starts in any Node process (the server, vitest, the benchmark) without a loader flag.
import { register } from "tsx/esm/api";

register();
await import("./convert.worker.ts");
