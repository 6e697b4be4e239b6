import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * One form hook (decision 370): Conform's `useForm` is called only by `useSiteForm` in app/components/form.tsx.
 * eslint.config.js refuses the import anywhere else (`no-restricted-imports`); `npm test` lints the whole tree, and
 * this file proves the rule catches each way of reaching it, lets the rest of Conform through, and that no file
 * switches it off.
 */
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });
const HOOK = "app/components/form.tsx";

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("Conform's useForm outside the form hook", () => {
  it.each([
    ["a domain's form", "app/forum/ui/new-form.tsx", `import { useForm } from "@conform-to/react";\nuseForm({});\n`],
    ["a route", "app/routes/new-page.tsx", `import { useForm as form } from "@conform-to/react";\nform({});\n`],
    [
      "beside allowed helpers",
      "app/accounts/ui/new-form.tsx",
      `import { getFormProps, useForm } from "@conform-to/react";\nuseForm({}); getFormProps;\n`,
    ],
    [
      "the future API",
      "app/astrology/ui/new-form.tsx",
      `import { useForm } from "@conform-to/react/future";\nuseForm;\n`,
    ],
    ["a re-export", "app/components/new-kit.ts", `export { useForm } from "@conform-to/react";\n`],
    [
      "a namespace import",
      "app/numerology/ui/new-form.tsx",
      `import * as conform from "@conform-to/react";\nconform;\n`,
    ],
  ])("is refused: %s", async (_, file, code) => {
    const messages = await restricted(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("useSiteForm from ~/components/form");
  });

  it("the rest of Conform, and the hook, are allowed", async () => {
    const helpers = `import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";\n`;
    expect(await restricted("app/forum/ui/new-form.tsx", `${helpers}getFormProps; getInputProps;\n`)).toEqual([]);
    const hook = `import { useSiteForm } from "~/components/form";\nuseSiteForm;\n`;
    expect(await restricted("app/forum/ui/new-form.tsx", hook)).toEqual([]);
    expect(await restricted(HOOK, `import { useForm } from "@conform-to/react";\nuseForm;\n`)).toEqual([]);
  });

  it("only the hook's module imports useForm, and no file switches the rule off", () => {
    const files = ["app", "tests", "scripts"].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.(tsx?|mjs|js)$/.test(entry.name))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
        .filter((file) => file !== path.relative(root, import.meta.filename)),
    );
    expect(files.length).toBeGreaterThan(300);
    const text = (file: string) => readFileSync(path.join(root, file), "utf8");
    const importsUseForm = /import\s*\{[^}]*\buseForm\b[^}]*\}\s*from\s*"@conform-to\/react/;
    expect(files.filter((file) => importsUseForm.test(text(file)))).toEqual([HOOK]);
    const disabled = /eslint-disable[^\n]*no-restricted-imports/;
    expect(files.filter((file) => disabled.test(text(file)))).toEqual([]);
  });
});
