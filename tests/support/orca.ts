/**
 * A real screen reader listening to the site (issue 47, decision 330): Debian's Orca reading Debian's Chromium on a
 * virtual X display of its own, driven from the keyboard alone with xdotool, as a blind member drives it. Every word
 * Orca speaks is a line `SPEECH OUTPUT: '…'` in its debug file; the session reads that file as the transcript, and a
 * test waits on what is spoken (never on a sleep) and asserts it.
 *
 * One session is everything it needs of its own, so several can run beside other engineers' and CI's browsers: an
 * Xvfb on a display number the X server picks (`-displayfd`), a DBus session bus, the AT-SPI bus, Chromium (through
 * Playwright, headful on that display, with the project's flags and `--force-renderer-accessibility`, started before
 * Orca so Orca finds it), and Orca, with HOME and the XDG folders in a temporary folder (Orca's and dconf's settings
 * never touch the machine's). Every process carries a marker in its environment; `close()` stops the ones it started
 * by their ids, then any process still carrying the marker (the services DBus starts on demand: dconf, the AT-SPI
 * registry), by id.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { mkdtemp, open, rm, type FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { chromium, type Browser, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Debian programs a session needs (scripts/test.ts installs their packages: orca, xvfb, xdotool, at-spi2-core, dbus-x11). */
export const ORCA_PROGRAMS = {
  orca: "/usr/bin/orca",
  xvfb: "/usr/bin/Xvfb",
  xdotool: "/usr/bin/xdotool",
  atSpiBusLauncher: "/usr/libexec/at-spi-bus-launcher",
  dbusDaemon: "/usr/bin/dbus-daemon",
  script: "/usr/bin/script",
} as const;

/** One thing Orca said, in order: `index` counts from the session's start. */
export interface Utterance {
  index: number;
  /** Orca's clock, as the debug file writes it (HH:MM:SS.micro) */
  time: string;
  text: string;
}

export interface SpeechWait {
  /** the first utterance that counts (a `mark()` taken before the action): the session's start by default */
  since?: number;
  /** ms; the machine is loaded, so generous by default (20 s) */
  timeout?: number;
  /** a wait that is not an assertion (not counted in `checks`) */
  uncounted?: boolean;
}

export interface OrcaSession {
  /** the tab Orca reads; tests may read it (the address, the database's effect) but act through the keyboard */
  readonly page: Page;
  /** the display the session's X server runs (for a diagnostic), e.g. ":3" */
  readonly display: string;
  /** presses one key or chord by its X keysym name, as xdotool names it: "Tab", "shift+Tab", "Return", "space", "h" */
  press(key: string): Promise<void>;
  /**
   * types text into the focused field, key by key, and waits until the field holds it. Shifted symbols are sent as
   * their own key (NOTES: a shifted character from `xdotool type` can leave Orca in browse mode).
   */
  type(text: string): Promise<void>;
  /**
   * types into a field whose value is not the text typed (a date field's parts take "03141879" as 1879-03-14), as
   * `type` does, and waits until `took()` says the field holds what was meant
   */
  typeKeys(text: string, took: () => Promise<boolean>): Promise<void>;
  /** the index the next utterance will have: pass it as `since` to hear only what follows an action */
  mark(): Promise<number>;
  /** waits until Orca says something matching `pattern` (a string matches the whole utterance) and returns it */
  waitForSpeech(pattern: string | RegExp, options?: SpeechWait): Promise<Utterance>;
  /** what Orca said from `mark` on (read now) */
  spokenSince(mark: number): Promise<Utterance[]>;
  /** everything Orca said this session */
  transcript(): Promise<Utterance[]>;
  /**
   * runs one step of a flow; if it throws, the error's message gains what Orca said during the step (the transcript
   * of the failed step), and the step's name
   */
  step<T>(name: string, action: () => Promise<T>): Promise<T>;
  /** how many spoken checks (`waitForSpeech` answers) the session made: the suite reports it */
  readonly checks: number;
  close(): Promise<void>;
}

/** The transcript as a failure message shows it: one utterance a line, numbered. */
export function formatTranscript(utterances: Utterance[]): string {
  if (utterances.length === 0) return "  (Orca said nothing)";
  return utterances.map((u) => `  ${String(u.index).padStart(4)} ${u.time}  ${u.text}`).join("\n");
}

/**
 * Orca's debug line for speech: `HH:MM:SS.micro - SPEECH OUTPUT: 'text'` followed by nothing, by voice settings
 * (`{…}`) or by a list (`[…]`). The text is Python's repr of a string: single-quoted unless it holds a single quote.
 */
const SPEECH_LINE = /^(\d\d:\d\d:\d\d\.\d+) - SPEECH OUTPUT: (['"])(.*)\2\s*(?:[[{].*)?$/;

export function parseSpeechLine(line: string): { time: string; text: string } | null {
  const match = SPEECH_LINE.exec(line.replace(/\r$/, ""));
  if (!match) return null;
  const text = match[3]!.replace(/\\(['"\\])/g, "$1").replace(/\\n/g, "\n");
  return { time: match[1]!, text };
}

/** Keysym names of the symbols a US layout shifts (sent by `xdotool key`, never inside `xdotool type`). */
const SHIFTED: Record<string, string> = {
  "!": "exclam",
  "@": "at",
  "#": "numbersign",
  $: "dollar",
  "%": "percent",
  "^": "asciicircum",
  "&": "ampersand",
  "*": "asterisk",
  "(": "parenleft",
  ")": "parenright",
  _: "underscore",
  "+": "plus",
  "{": "braceleft",
  "}": "braceright",
  "|": "bar",
  ":": "colon",
  '"': "quotedbl",
  "<": "less",
  ">": "greater",
  "?": "question",
  "~": "asciitilde",
};

/** Splits typed text into runs `xdotool type` sends and single shifted keys `xdotool key` sends. */
export function keystrokes(text: string): Array<{ type: string } | { key: string }> {
  const out: Array<{ type: string } | { key: string }> = [];
  let plain = "";
  for (const char of text) {
    const key = SHIFTED[char] ?? (/[A-Z]/.test(char) ? char : undefined);
    if (key === undefined) {
      plain += char;
      continue;
    }
    if (plain) out.push({ type: plain });
    plain = "";
    out.push({ key });
  }
  if (plain) out.push({ type: plain });
  return out;
}

/** The processes (ids) whose environment holds `marker`: the ones this session started, however indirectly. */
function processesMarked(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, "latin1").split("\0").includes(marker)) found.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return found.filter((pid) => pid !== process.pid);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends SIGTERM to each pid, waits up to `graceMs` for them to end, then SIGKILL to those left. */
async function stopPids(pids: number[], graceMs = 3000): Promise<void> {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + graceMs;
  while (pids.some(alive) && Date.now() < deadline) await sleep(50);
  for (const pid of pids.filter(alive)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/** Resolves with the first line `child` writes on `stream` (its stdout, or fd 3), or rejects when it ends first. */
function firstLine(child: ChildProcess, stream: NodeJS.ReadableStream, what: string, timeoutMs = 20_000) {
  return new Promise<string>((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(() => reject(new Error(`${what} said nothing in ${timeoutMs} ms`)), timeoutMs);
    stream.on("data", (chunk: Buffer) => {
      buffer += String(chunk);
      const newline = buffer.indexOf("\n");
      if (newline >= 0) {
        clearTimeout(timer);
        resolve(buffer.slice(0, newline).trim());
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) before it was ready`));
    });
  });
}

/**
 * Starts a session: about 15-30 s on a loaded machine. `chromiumArgs` are added to the project's flags.
 */
export async function startOrca(
  options: { chromiumArgs?: string[]; startTimeoutMs?: number } = {},
): Promise<OrcaSession> {
  for (const [name, program] of Object.entries(ORCA_PROGRAMS)) {
    if (!existsSync(program)) {
      throw new Error(
        `${name} is missing (${program}): apt-get install -y orca xvfb xdotool at-spi2-core dbus-x11 (npm test does)`,
      );
    }
  }
  const dir = await mkdtemp(path.join(tmpdir(), "orca-session-"));
  const marker = `ORCA_TEST_SESSION=${randomUUID()}`;
  const home = path.join(dir, "home");
  const runtime = path.join(dir, "runtime");
  mkdirSync(home, { recursive: true });
  mkdirSync(runtime, { recursive: true, mode: 0o700 });
  const debugFile = path.join(dir, "orca-debug.txt");
  const env = {
    PATH: process.env.PATH,
    LANG: "C.UTF-8",
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_DATA_HOME: path.join(home, ".local/share"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    XDG_RUNTIME_DIR: runtime,
    [marker.split("=")[0]!]: marker.split("=")[1],
  } as unknown as NodeJS.ProcessEnv;
  const started: ChildProcess[] = [];
  let browser: Browser | undefined;
  let debug: FileHandle | undefined;

  const close = async () => {
    await browser?.close().catch(() => {});
    // Orca first (it talks to the others), then the browser's leftovers, the buses and the X server last
    await stopPids(
      started
        .filter((child) => child.exitCode === null && child.signalCode === null)
        .map((c) => c.pid!)
        .reverse(),
    );
    await stopPids(processesMarked(marker));
    await debug?.close().catch(() => {});
    if (!process.env.ORCA_KEEP_SESSION) await rm(dir, { recursive: true, force: true });
  };

  try {
    // the X server picks a free display and writes its number on fd 3
    const xvfb = spawn(ORCA_PROGRAMS.xvfb, ["-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], {
      env,
      stdio: ["ignore", "ignore", "ignore", "pipe"],
    });
    started.push(xvfb);
    const display = `:${await firstLine(xvfb, xvfb.stdio[3] as NodeJS.ReadableStream, "Xvfb")}`;
    env.DISPLAY = display;

    const dbus = spawn(ORCA_PROGRAMS.dbusDaemon, ["--session", "--nofork", "--nopidfile", "--print-address=1"], {
      env,
      stdio: ["ignore", "pipe", "ignore"],
    });
    started.push(dbus);
    env.DBUS_SESSION_BUS_ADDRESS = await firstLine(dbus, dbus.stdout!, "dbus-daemon");

    const atSpi = spawn(ORCA_PROGRAMS.atSpiBusLauncher, ["--launch-immediately"], { env, stdio: "ignore" });
    started.push(atSpi);
    for (let i = 0; ; i++) {
      const ready = await run(
        "dbus-send",
        ["--session", "--dest=org.a11y.Bus", "--print-reply", "/org/a11y/bus", "org.a11y.Bus.GetAddress"],
        { env },
      ).then(
        () => true,
        () => false,
      );
      if (ready) break;
      if (i > 200) throw new Error("the AT-SPI bus did not start");
      await sleep(100);
    }
    await run("gsettings", ["set", "org.gnome.desktop.a11y.applications", "screen-reader-enabled", "true"], { env });

    // Chromium before Orca (NOTES): Orca finds it on the AT-SPI bus as it starts
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: false,
      args: [
        ...CHROMIUM_ARGS,
        "--force-renderer-accessibility",
        "--window-position=0,0",
        "--window-size=1280,1024",
        ...(options.chromiumArgs ?? []),
      ],
      env: env as Record<string, string>,
    });
    const context = await browser.newContext({ viewport: null });
    const page = await context.newPage();
    await page.goto("about:blank");

    // Orca opens its debug file with Python's default buffering: a file gets its lines 8 KB at a time (the last
    // words of a quiet page never arrive), a terminal gets each line as it is written. So Orca writes to a
    // pseudo-terminal of its own, and `script` copies what it writes to the debug file, flushing every write.
    const orca = spawn(
      ORCA_PROGRAMS.script,
      ["--quiet", "--flush", "--command", `exec ${ORCA_PROGRAMS.orca} --replace --debug-file=/dev/tty`, debugFile],
      { env, stdio: "ignore" },
    );
    started.push(orca);

    // The transcript: the debug file read on as it grows.
    const utterances: Utterance[] = [];
    let offset = 0;
    let partial = "";
    const readMore = async () => {
      if (!debug) {
        if (!existsSync(debugFile)) return;
        debug = await open(debugFile, "r");
      }
      for (;;) {
        const chunk = Buffer.alloc(1 << 16);
        const { bytesRead } = await debug.read(chunk, 0, chunk.length, offset);
        if (bytesRead === 0) break;
        offset += bytesRead;
        partial += chunk.subarray(0, bytesRead).toString("utf8");
        const lines = partial.split("\n");
        partial = lines.pop()!;
        for (const line of lines) {
          const speech = parseSpeechLine(line);
          if (speech) utterances.push({ index: utterances.length, ...speech });
        }
      }
    };
    let checks = 0;
    const spokenSince = (mark: number) => utterances.slice(mark);
    const waitForSpeech = async (pattern: string | RegExp, wait: SpeechWait = {}) => {
      const since = wait.since ?? 0;
      const timeout = wait.timeout ?? 20_000;
      const matches = (text: string) => (typeof pattern === "string" ? text === pattern : pattern.test(text));
      const deadline = Date.now() + timeout;
      for (;;) {
        await readMore();
        const found = utterances.slice(since).find((u) => matches(u.text));
        if (found) {
          if (!wait.uncounted) checks++;
          return found;
        }
        if (orca.exitCode !== null) throw new Error(`Orca exited (${orca.exitCode}) while waiting for ${pattern}`);
        if (Date.now() > deadline) {
          throw new Error(
            `Orca did not say ${typeof pattern === "string" ? JSON.stringify(pattern) : pattern} within ${timeout} ms; it said:\n${formatTranscript(spokenSince(since))}`,
          );
        }
        await sleep(100);
      }
    };

    const xdotool = (...args: string[]) => run(ORCA_PROGRAMS.xdotool, args, { env });
    // Keys go to the X window with the input focus: Chromium's (there is no window manager to give it focus).
    const { stdout: windows } = await xdotool("search", "--sync", "--onlyvisible", "--class", "chromium");
    await xdotool("windowfocus", "--sync", windows.trim().split("\n")[0]!);

    await waitForSpeech("Screen reader on.", { timeout: options.startTimeoutMs ?? 60_000 });
    checks = 0;

    return {
      page,
      display,
      press: async (key: string) => {
        await xdotool("key", key);
      },
      type: async (text: string) => {
        for (const stroke of keystrokes(text)) {
          if ("key" in stroke) await xdotool("key", stroke.key);
          else await xdotool("type", "--delay", "30", stroke.type);
        }
        // every key reached the field (the test reads the page here; the member's ears are Orca's)
        await page.waitForFunction(
          (expected) => ((document.activeElement as HTMLInputElement | null)?.value ?? "").endsWith(expected),
          text,
          { timeout: 20_000 },
        );
      },
      typeKeys: async (text: string, took: () => Promise<boolean>) => {
        for (const stroke of keystrokes(text)) {
          if ("key" in stroke) await xdotool("key", stroke.key);
          else await xdotool("type", "--delay", "30", stroke.type);
        }
        const deadline = Date.now() + 20_000;
        while (!(await took())) {
          if (Date.now() > deadline) throw new Error(`the field did not take ${JSON.stringify(text)} within 20 s`);
          await sleep(100);
        }
      },
      mark: async () => {
        // what was said before the action is read first, so it falls before the mark
        await readMore();
        return utterances.length;
      },
      waitForSpeech,
      spokenSince: async (mark: number) => {
        await readMore();
        return spokenSince(mark);
      },
      transcript: async () => {
        await readMore();
        return [...utterances];
      },
      step: async <T>(name: string, action: () => Promise<T>) => {
        await readMore();
        const mark = utterances.length;
        try {
          return await action();
        } catch (error) {
          await readMore().catch(() => {});
          const heard = formatTranscript(spokenSince(mark));
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`step "${name}" failed: ${reason}\n\nWhat Orca said during the step:\n${heard}`, {
            cause: error,
          });
        }
      },
      get checks() {
        return checks;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Arrives on a page as a member who typed its address: the page loads, and Orca, unprompted, says it finished
 * loading the page's title and reads the page from the top, the main heading among the rest. Then the member presses
 * 1 (browse mode's next heading of level 1) and hears the heading: the reading position is there, where Tab goes on
 * from. Returns the mark taken before the load.
 */
export async function arrive(
  orca: OrcaSession,
  address: string,
  { title, heading }: { title: string; heading: string },
): Promise<number> {
  // Under load Orca now and then misses a load (it says "Loading. Please wait." and never that it finished): the
  // member reloads, once. A second miss fails with both transcripts.
  let mark = await orca.mark();
  for (let attempt = 1; ; attempt++) {
    await orca.page.goto(address);
    try {
      await orca.waitForSpeech(`Finished loading ${title}.`, { since: mark });
      break;
    } catch (error) {
      if (attempt === 2) throw error;
      mark = await orca.mark();
    }
  }
  // Orca's reading of the page as it loads usually reaches the main heading; a live region or a late part of the
  // page can cut it short (seen on /forum under load), so the heading is asked for as a member would: `1`, the
  // first heading of level 1, said with its level
  await waitForSequence(orca, [heading, "heading level 1"], mark, 8_000).catch(() => undefined);
  const atHeading = await orca.mark();
  await orca.press("1");
  // Orca may keep a reading position below the heading after a page whose focus it followed (seen after the 3D
  // viewer): it then says there is no further heading of level 1, and Shift+1 goes back to it, as a member does
  const said = await orca.waitForSpeech(
    new RegExp(`^(${escapeRegExp(heading)} heading level 1\\.|No more headings at level 1\\.)$`),
    {
      since: atHeading,
      uncounted: true,
    },
  );
  if (said.text.startsWith("No more headings")) {
    const back = await orca.mark();
    await orca.press("shift+1");
    await orca.waitForSpeech(`${heading} heading level 1.`, { since: back });
  } else await orca.waitForSpeech(`${heading} heading level 1.`, { since: atHeading });
  return mark;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Waits until Orca says `sequence` as consecutive utterances (browse mode's reading speaks a heading's text, then
 * "heading level 1", as two), from `since` on.
 */
export async function waitForSequence(
  orca: OrcaSession,
  sequence: string[],
  since: number,
  timeout?: number,
): Promise<Utterance> {
  let from = since;
  for (;;) {
    const first = await orca.waitForSpeech(sequence[0]!, { since: from, timeout });
    let ok = true;
    for (let i = 1; i < sequence.length && ok; i++) {
      const next = await orca.waitForSpeech(sequence[i]!, { since: first.index + i, uncounted: true });
      ok = next.index === first.index + i;
    }
    if (ok) return first;
    from = first.index + 1;
  }
}

/**
 * Presses Tab once and waits for what Orca says of the element reached (its label, role and state as one utterance,
 * e.g. "Password password text."); with `mode`, also Orca's switch to focus or browse mode that Tab caused.
 */
export async function tabTo(
  orca: OrcaSession,
  expected: string | RegExp,
  options: { mode?: "Focus mode" | "Browse mode"; key?: string } = {},
): Promise<Utterance> {
  const mark = await orca.mark();
  await orca.press(options.key ?? "Tab");
  const said = await orca.waitForSpeech(expected, { since: mark });
  if (options.mode) await orca.waitForSpeech(options.mode, { since: mark });
  return said;
}

/**
 * Waits for Orca to say `pattern` from `since` on, without the member moving, then for the speech to settle (no new
 * utterance for `quietMs`), and returns every utterance of it: the caller asserts how many times it was said.
 */
export async function heardAfter(
  orca: OrcaSession,
  pattern: string | RegExp,
  since: number,
  { quietMs = 1500, timeout }: { quietMs?: number; timeout?: number } = {},
): Promise<Utterance[]> {
  await orca.waitForSpeech(pattern, { since, timeout });
  await settle(orca, quietMs);
  const matches = (text: string) => (typeof pattern === "string" ? text === pattern : pattern.test(text));
  return (await orca.spokenSince(since)).filter((u) => matches(u.text));
}

/**
 * Presses Tab until Orca names what `expected` matches (at most `max` presses), as a member moves through the links
 * and buttons before a form. Each press waits for Orca to speak of the element reached before the next one.
 */
export async function tabUntil(
  orca: OrcaSession,
  expected: string | RegExp,
  { max = 25, key = "Tab" }: { max?: number; key?: string } = {},
): Promise<Utterance> {
  const matches = (text: string) => (typeof expected === "string" ? text === expected : expected.test(text));
  const start = await orca.mark();
  for (let i = 0; i < max; i++) {
    const mark = await orca.mark();
    await orca.press(key);
    // the key's echo ("tab ", "left shift ", "2 ": a key's name and a space), then whatever Orca says of the element
    // reached (a silent element leaves only the echo). Waiting past every echo, not only Tab's: under load the element
    // came after the next Shift+Tab, and the member pressed Return one element on (decision 450)
    await orca
      .waitForSpeech(/^(?!(left |right )?\S+ $)/, { since: mark, timeout: 2500, uncounted: true })
      .catch(() => undefined);
    await settle(orca, 400);
    if ((await orca.spokenSince(mark)).some((u) => matches(u.text)))
      return orca.waitForSpeech(expected, { since: mark });
  }
  throw new Error(
    `Orca did not say ${String(expected)} within ${max} presses of ${key}; it said:\n${formatTranscript(await orca.spokenSince(start))}`,
  );
}

/** Waits until Orca has said nothing new for `quietMs` (at most 15 s). */
export async function settle(orca: OrcaSession, quietMs: number): Promise<void> {
  const mark = await orca.mark();
  let count = mark;
  let quietSince = Date.now();
  const deadline = Date.now() + 15_000;
  while (Date.now() - quietSince < quietMs && Date.now() < deadline) {
    await sleep(100);
    const now = await orca.mark();
    if (now !== count) {
      count = now;
      quietSince = Date.now();
    }
  }
}
