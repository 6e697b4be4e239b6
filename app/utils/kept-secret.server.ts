import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A secret the operator did not give: generated once and kept in the data directory (mode 0600), so sessions
 * survive restarts and every worker process reads the same one. Created with `wx` so two processes starting at
 * once agree on the first one written.
 */
export function keptSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Kept by an earlier version with laxer permissions: tighten them.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  }
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} is shorter than 32 characters: delete it to generate a new one.`);
  return secret;
}
