import { execFile, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Real text browsers driven as a person drives them (decision 130): Debian's lynx through keystroke scripts
 * (`-cmd_script`), one lynx per page with its cookies kept in a cookie file between them, and Debian's w3m in a
 * pseudo-terminal (tmux), one w3m for the whole flow, found by searching the page for a field's label or a button's
 * text, the way a sighted keyboard user would. After each step the browser saves the page as it renders it (its
 * own text, not the HTML), which the tests read, with the address it ended on.
 */
export type Step =
  /** the text field, text area or file input after this label (or the first one after it): typed into */
  | { fill: string; value: string }
  /** looks further down the page from this text on (a label that also appears earlier, in a link) */
  | { after: string }
  /** the radio button or check box just before this label: chosen */
  | { check: string }
  /** a button, by the start of its text: pressed */
  | { press: string }
  /** a link, by the start of its text: followed */
  | { follow: string };

export type Shown = { text: string; url: string };

export interface TextBrowser {
  readonly name: "lynx" | "w3m";
  /** opens `pathname`, then takes the steps (a press or a follow ends them: the page changes) */
  visit(pathname: string, steps?: Step[]): Promise<Shown>;
  /** follows a link to a file (audio) and saves what it fetched to `file` */
  download(pathname: string, linkText: string, file: string): Promise<void>;
  close(): Promise<void>;
}

async function waitForFile(file: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastSize = -1;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      const size = statSync(file).size;
      if (size > 0 && size === lastSize) return;
      lastSize = size;
    }
    await sleep(60);
  }
  throw new Error(`timed out waiting for ${file}`);
}

// ---------------------------------------------------------------------------------------------------------------
// lynx

/** lynx's numbered form fields and links in a `-dump -number_fields` of a page. */
type Numbered = { n: number; kind: "link" | "button" | "field"; text: string; offset: number };

function numberedItems(dump: string): Numbered[] {
  const refsAt = dump.lastIndexOf("\nReferences\n");
  const body = refsAt >= 0 ? dump.slice(0, refsAt) : dump;
  // the dump's references list every number: a link's address, or "form field = <kind>"
  const kinds = new Map<number, Numbered["kind"]>();
  for (const m of (refsAt >= 0 ? dump.slice(refsAt) : "").matchAll(/^\s*(\d+)\. (.*)$/gm)) {
    const what = m[2]!;
    kinds.set(
      Number(m[1]),
      /^form field = submit button/.test(what) ? "button" : /^form field/.test(what) ? "field" : "link",
    );
  }
  const items: Numbered[] = [];
  // a button shows as ([N]value) label, a field as [N]____, a link as [N]text; a field followed by a button on its
  // line ("[4]____ ([5]BUTTON) Go") is two items, so the button's part never runs over another number
  for (const m of body.matchAll(/\[(\d+)\]([^)\n[]*\))?/g)) {
    const n = Number(m[1]);
    const kind = kinds.get(n) ?? "field";
    const lineEnd = body.indexOf("\n", m.index!);
    const after = body.slice(m.index! + m[0].length, lineEnd < 0 ? undefined : lineEnd).trim();
    items.push({ n, kind, text: kind === "button" ? after : after.replace(/^\)/, ""), offset: m.index! });
  }
  return items;
}

const LYNX_CFG = [
  "INCLUDE:/etc/lynx/lynx.cfg",
  "PERSISTENT_COOKIES:TRUE",
  "ACCEPT_ALL_COOKIES:TRUE",
  "SET_COOKIES:TRUE",
  "DEFAULT_KEYPAD_MODE:LINKS_AND_FIELDS_ARE_NUMBERED",
  "CHARACTER_SET:utf-8",
].join("\n");

export function lynx(base: string, dir: string): TextBrowser {
  mkdirSync(dir, { recursive: true });
  const cfg = path.join(dir, "lynx.cfg");
  writeFileSync(cfg, LYNX_CFG + "\n");
  const cookies = path.join(dir, "cookies");
  writeFileSync(cookies, "");
  let count = 0;
  const env = { ...process.env, HOME: dir, TERM: "vt100", LANG: "C.UTF-8" };
  const common = () => [`-cfg=${cfg}`, "-nopause", "-noreferer", "-useragent=Lynx/2.9 (test)"];

  const keys = (text: string) => [...text].map((c) => (c === " " ? "key <space>" : `key ${c}`));
  const saveTo = (file: string) => ["key p", ...keys("1"), "key ^J", "key ^U", ...keys(file), "key ^J"];

  async function dump(url: string): Promise<string> {
    // a copy of the cookies, so looking does not use up a one-off cookie (the toast)
    const copy = path.join(dir, "cookies-look");
    copyFileSync(cookies, copy);
    const { stdout } = await run(
      "lynx",
      [
        ...common(),
        "-dump",
        "-number_fields",
        "-width=200",
        `-cookie_file=${copy}`,
        "-cookie_save_file=/dev/null",
        url,
      ],
      { env, timeout: 30_000, maxBuffer: 16 << 20 },
    );
    return stdout;
  }

  async function drive(url: string, script: string[], outputs: string[]): Promise<void> {
    for (const file of outputs) rmSync(file, { force: true });
    const scriptFile = path.join(dir, `script-${count}.txt`);
    writeFileSync(scriptFile, [...script, "key q", "key y"].join("\n") + "\n");
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        "lynx",
        [...common(), `-cookie_file=${cookies}`, `-cookie_save_file=${cookies}`, `-cmd_script=${scriptFile}`, url],
        { env, stdio: ["ignore", "ignore", "ignore"] },
      );
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      child.once("error", reject);
    });
    for (const file of outputs)
      if (!existsSync(file)) throw new Error(`lynx did not save ${file} (script ${scriptFile})`);
  }

  return {
    name: "lynx",
    async visit(pathname, steps = []) {
      const url = new URL(pathname, base).toString();
      const dumped = steps.length ? await dump(url) : "";
      const body = dumped.split("\nReferences\n")[0]!;
      const items = numberedItems(dumped);
      const script: string[] = [];
      let current: Numbered | null = null;
      let editing = false;
      const find = (step: Exclude<Step, { after: string }>, from: number): Numbered | undefined => {
        if ("fill" in step) {
          let at = body.indexOf(step.fill, from);
          if (at < 0) at = body.indexOf(step.fill);
          return at < 0 ? undefined : items.find((i) => i.kind === "field" && i.offset > at);
        }
        if ("check" in step) {
          let at = body.indexOf(step.check, from);
          if (at < 0) at = body.indexOf(step.check);
          return at < 0 ? undefined : items.filter((i) => i.kind === "field" && i.offset < at).pop();
        }
        const [kind, text] = "press" in step ? (["button", step.press] as const) : (["link", step.follow] as const);
        const matches = items.filter((i) => i.kind === kind && i.text.startsWith(text));
        return matches.find((i) => i.offset >= from) ?? matches[0];
      };
      let from = 0;
      for (const step of steps) {
        if ("after" in step) {
          from = Math.max(from, body.indexOf(step.after));
          continue;
        }
        const target = find(step, Math.max(from, current?.offset ?? 0));
        if (!target) throw new Error(`lynx: nothing on ${pathname} for ${JSON.stringify(step)}\n${body}`);
        if (editing && current && target.n > current.n) {
          // digits would be typed into the field: move down to the target instead
          for (let i = current.n; i < target.n; i++) script.push("key Down Arrow");
        } else if (current?.n !== target.n) {
          script.push(...keys(String(target.n)), "key ^J");
        }
        current = target;
        if ("fill" in step) {
          script.push("key ^U", ...keys(step.value));
          editing = true;
        } else if ("check" in step) {
          script.push("key ^J");
          editing = false;
        } else {
          // a button is pressed with Enter once it is current; a link was followed by its number already
          if ("press" in step || editing) script.push("key ^J");
          break;
        }
      }
      count += 1;
      const page = path.join(dir, `page-${count}.txt`);
      const info = path.join(dir, `info-${count}.txt`);
      await drive(url, [...script, ...saveTo(page), "key =", ...saveTo(info)], [page, info]);
      const infoText = readFileSync(info, "utf8");
      const shown = infoText.match(/URL:\s*(\S+)/);
      if (!shown)
        throw new Error(
          `lynx: no URL on its information page after ${JSON.stringify(steps)} on ${pathname} (script ${count}):\n${infoText}\n--- the page it saved:\n${readFileSync(page, "utf8")}`,
        );
      return { text: readFileSync(page, "utf8"), url: shown[1]! };
    },
    async download(pathname, linkText, file) {
      const url = new URL(pathname, base).toString();
      const dumped = await dump(url);
      const link = numberedItems(dumped).find((i) => i.kind === "link" && i.text.startsWith(linkText));
      if (!link) throw new Error(`lynx: no link ${linkText} on ${pathname}`);
      count += 1;
      rmSync(file, { force: true });
      // lynx offers a file it cannot show for download: D)ownload, then "Save to disk" (link 2, after help)
      await drive(
        url,
        [...keys(String(link.n)), "key ^J", "key d", ...keys("2"), "key ^J", "key ^U", ...keys(file), "key ^J"],
        [file],
      );
    },
    async close() {},
  };
}

// ---------------------------------------------------------------------------------------------------------------
// w3m

/** A regular expression (w3m's search) matching `text` literally. */
const literal = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");

export async function w3m(base: string, dir: string): Promise<TextBrowser> {
  mkdirSync(dir, { recursive: true });
  const session = `w3m-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  // what a text area's editor writes: w3m opens the editor on a text area; ours copies the prepared text in
  const areaText = path.join(dir, "textarea.txt");
  const editor = path.join(dir, "editor.sh");
  writeFileSync(editor, `#!/bin/sh\nfor f; do :; done\ncp "${areaText}" "$f"\n`, { mode: 0o755 });
  const options = [
    "-o accept_cookie=1",
    "-o use_cookie=1",
    "-o accept_bad_cookie=1",
    "-o confirm_qq=0",
    "-o use_history=0",
    "-o wrap_search=1",
    "-o ignorecase_search=0",
    `-o editor=${editor}`,
    "-o display_charset=UTF-8",
  ].join(" ");
  await run("tmux", [
    "new-session",
    "-d",
    "-s",
    session,
    "-x",
    "200",
    "-y",
    "60",
    `env HOME=${dir} LANG=C.UTF-8 w3m ${options} ${new URL("/robots.txt", base)}`,
  ]);
  const send = async (...keys: string[]) => {
    await run("tmux", ["send-keys", "-t", session, ...keys]);
    await sleep(60);
  };
  const type = (text: string) => run("tmux", ["send-keys", "-t", session, "-l", text]).then(() => sleep(60));
  const screen = async () => (await run("tmux", ["capture-pane", "-p", "-t", session])).stdout;
  let count = 0;
  let lastUrl = "";

  async function search(text: string) {
    await send("/");
    await type(literal(text));
    await send("Enter");
  }
  async function save(): Promise<Shown> {
    count += 1;
    const file = path.join(dir, `page-${count}.txt`);
    rmSync(file, { force: true });
    await send("S");
    await send("C-a", "C-k");
    await type(file);
    await send("Enter");
    await waitForFile(file, 60_000);
    // the address it ended on, from w3m's status line
    await send("c");
    const status = (await screen()).trimEnd().split("\n").pop() ?? "";
    const url = status.match(/https?:\/\/\S+/)?.[0] ?? lastUrl;
    await send("C-l"); // redraw: the status line's message would take the next key
    lastUrl = url;
    return { text: readFileSync(file, "utf8"), url };
  }
  async function open(url: string) {
    await send("U");
    await send("C-a", "C-k");
    await type(url);
    await send("Enter");
  }

  return {
    name: "w3m",
    async visit(pathname, steps = []) {
      await open(new URL(pathname, base).toString());
      // the page is there once it can be saved; steps start from its top
      await save();
      for (const step of steps) {
        if ("after" in step) {
          await search(step.after);
        } else if ("check" in step) {
          // the label follows its radio button: search it, step back to the button, choose it
          await search(step.check);
          await send("Escape", "Tab");
          await send("Enter");
        } else if ("fill" in step) {
          await search(step.fill);
          await send("Tab");
          // a text area opens the editor (ours copies the text in); a text field asks on the status line
          writeFileSync(areaText, step.value);
          await send("Enter");
          await sleep(200);
          const last = (await screen()).trimEnd().split("\n").pop() ?? "";
          if (/^\s*(TEXT|Password|Filename|\(Upload\)).*:/i.test(last)) {
            await send("C-a", "C-k");
            await type(step.value);
            await send("Enter");
          }
        } else {
          await search("press" in step ? step.press : step.follow);
          await send("Enter");
          break;
        }
      }
      return save();
    },
    async download(pathname, linkText, file) {
      await open(new URL(pathname, base).toString());
      await save();
      rmSync(file, { force: true });
      await search(linkText);
      await send("Enter");
      // w3m asks where to save a file it cannot show
      for (let i = 0; i < 100 && !/Save file to|\(Download\)/i.test(await screen()); i++) await sleep(100);
      await send("C-a", "C-k");
      await type(file);
      await send("Enter");
      await waitForFile(file, 60_000);
    },
    async close() {
      await run("tmux", ["kill-session", "-t", session]).catch(() => {});
    },
  };
}
