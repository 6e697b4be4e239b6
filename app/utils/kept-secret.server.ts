import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Every secret the site generates into DATA_DIR (decisions 281, 288), by file name: never written into a backup
 * archive (the operator keeps the keys) and never replaced by a restore.
 */
export const KEPT_SECRET_FILES = ["session-secret", "ip-hash-secret", "totp-secret-key", "backup-signing-key"] as const;
export type KeptSecretFile = (typeof KEPT_SECRET_FILES)[number];

/**
 * A secret the operator did not give: generated once and kept in the data directory (mode 0600), so sessions
 * survive restarts and every worker process reads the same one. Created with `wx` so two processes starting at
 * once agree on the first one written.
 */
export function keptSecret(dataDir: string, name: KeptSecretFile): string {
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

/** A kept secret if one was generated into `dataDir` before, else null (a restore's target: nothing is created). */
export function existingKeptSecret(dataDir: string, name: KeptSecretFile): string | null {
  try {
    const secret = readFileSync(path.join(dataDir, name), "utf8").trim();
    return secret.length >= 32 ? secret : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
