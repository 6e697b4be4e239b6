import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Debian packages a script needs (`npm test`'s clients, `npm run cluster`'s HAProxy): the program each one must
 * provide, by package name. Whatever is missing is installed with apt (as root); anyone else is told the command.
 */
export function ensureDebianPackages(
  packages: Record<string, string>,
  log = (line: string) => console.log(line),
): void {
  const missing = Object.entries(packages)
    .filter(([, program]) => !existsSync(program))
    .map(([pkg]) => pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Missing programs: install Debian's ${missing.join(", ")} (apt-get install -y ${missing.join(" ")}).`,
    );
  }
  log(`installing from Debian's packages: ${missing.join(", ")}…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`, {
    stdio: "inherit",
  });
}
