// The project's lint rules (issue 19): typescript-eslint, React, hooks, jsx-a11y and import order; the layers and
// import cycles (issue 38, decision 240). Formatting is Prettier's job (`.prettierrc.json`); eslint-config-prettier
// turns off the rules it owns.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers of app/ (decision 240, docs/architecture.md "The layers"), from the top:
 *   entry.server.tsx, entry.client.tsx, root.tsx, routes/  the framework's seams and the pages
 *   assembly/        the domains put together for the entry modules: page-cache sections, job registry, boot work
 *   every other folder of app/: a domain (forum, accounts, astrology, ...; a new folder is one by default)
 *   page-cache/      the page cache (docs/page-cache.md): imported only by the assembly, the entry modules and each
 *                    domain's page-cache.server.ts(x), where the domain declares its section
 *   ai/, mail/, jobs/  providers and the job queue, which the domains use
 *   components/      shared UI
 *   utils/           small shared helpers
 *   site.ts          the site's names
 *   db/              schema, client, migrations: imports nothing from app/
 * A layer imports only the layers below it (domains may import each other, without a cycle: import-x/no-cycle).
 */
const LAYERS = ["routes", "assembly", "page-cache", "ai", "mail", "jobs", "components", "utils"];
const DOMAINS = readdirSync(new URL("app/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !LAYERS.includes(entry.name))
  .map((entry) => entry.name);
const ENTRIES = ["app/{entry.server,entry.client,root}.tsx"];
const folders = (...names) => names.map((name) => `app/${name}/**`);
const SEAMS = [...folders("routes"), ...ENTRIES];
const layerZones = [
  { target: "db/**", from: ["app/**"], message: "db/ imports nothing from app/: move what it needs into db/." },
  { target: "app/site.ts", from: ["app/**"], message: "site.ts is the bottom of app/: it imports nothing from it." },
  {
    target: folders("utils"),
    from: [...SEAMS, ...folders("assembly", ...DOMAINS, "ai", "mail", "jobs", "components")],
    message: "utils/ imports only utils/, site.ts and db/: move the helper into the layer it knows.",
  },
  {
    target: folders("components"),
    from: [...SEAMS, ...folders("assembly", ...DOMAINS, "ai", "mail", "jobs")],
    message: "components/ imports no domain: move the component into its domain's ui/ or pass what it needs as props.",
  },
  {
    target: folders("ai", "mail", "jobs"),
    from: [...SEAMS, ...folders("assembly", ...DOMAINS)],
    message: "ai/, mail/ and jobs/ import no domain: a domain registers with them (app/assembly/).",
  },
  {
    target: folders(...DOMAINS),
    from: [...SEAMS, ...folders("assembly")],
    message: "A domain imports no route, entry module, root or app/assembly/.",
  },
  {
    target: "app/{entry.server,entry.client}.tsx",
    from: folders(...DOMAINS),
    message: "The entry modules import no domain (decision 105): reach the domains through app/assembly/.",
  },
  { target: folders("assembly"), from: SEAMS, message: "app/assembly/ imports no route or entry module." },
  {
    target: folders("page-cache"),
    from: [...SEAMS, ...folders("assembly", ...DOMAINS, "ai", "mail", "jobs")],
    message: "app/page-cache/ imports no domain, route or entry module: a domain declares its section to it.",
  },
  {
    // The page cache's zone: a page learns nothing of it but what docs/page-cache.md lists (its section, in its
    // domain's page-cache.server.ts; <PageHole> and rendersPageHole from ~/components/page-hole).
    target: [
      ...folders("routes", "components", "utils", "ai", "mail", "jobs"),
      "app/root.tsx",
      ...DOMAINS.map((name) => `app/${name}/**/!(page-cache.server).{ts,tsx}`),
    ],
    from: folders("page-cache"),
    message:
      "Only app/assembly/, the entry modules and a domain's page-cache.server.ts import app/page-cache/ " +
      "(docs/page-cache.md): declare the page in its domain's section.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      "public/build/",
      ".cache/",
      ".data/",
      ".data-*/",
      "test-results/",
      "playwright-report/",
      "db/migrations/",
      "tests/fixtures/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { "import-x": importX },
    settings: {
      // What import-x parses to follow imports (no-cycle): the TypeScript files too, with typescript-eslint's parser.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs", ".cjs"],
      "import-x/external-module-folders": ["node_modules", "node_modules/@types"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // A virtual module of the Remix compiler (the server build), not a package.
      "import-x/core-modules": ["@remix-run/dev/server-build"],
      // A lint run parses each module once (the default forgets a module's exports after 30 s, and then parses it
      // again for no-cycle).
      "import-x/cache": { lifetime: "∞" },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".d.ts", ".mjs", ".js", ".json"],
          conditionNames: ["types", "import", "require", "default"],
          tsconfig: { configFile: new URL("tsconfig.json", import.meta.url).pathname },
        }),
      ],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "import-x/first": "error",
      "import-x/no-duplicates": "error",
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"]],
          pathGroups: [{ pattern: "~/**", group: "internal" }],
          "newlines-between": "ignore",
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      "import-x/no-extraneous-dependencies": ["error", { devDependencies: false }],
    },
  },
  {
    // Tests, scripts and tool configs run on the developer's machine: they may import devDependencies.
    files: ["**/*.test.{ts,tsx}", "tests/**", "scripts/**", "*.config.{ts,js,mjs,cjs}"],
    rules: { "import-x/no-extraneous-dependencies": ["error", { devDependencies: true }] },
  },
  {
    files: ["**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "react/prop-types": "off",
    },
  },
  {
    // Hooks live in .ts files too (use-hydrated.ts, the read-aloud and viewer hooks): the same two rules there.
    files: ["app/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // One JSON API helper set (decision 250): API routes answer with answer/apiError from ~/utils/api.server, and
    // the request edge alone checks the method (decision 127).
    files: ["app/routes/api.*"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='Response'][callee.property.name='json']",
          message: "Answer with answer() or apiError() from ~/utils/api.server (decision 250).",
        },
        {
          selector: "MemberExpression[object.name='request'][property.name='method']",
          message: "The request edge checks the method (decision 127); declare other methods in handle.actionMethods.",
        },
      ],
    },
  },
  {
    // One form hook (decision 370): Conform's useForm is called in app/components/form.tsx alone, by useSiteForm,
    // which holds the site's form options and reads the page's FormAnswer.
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    ignores: ["app/components/form.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        ...["@conform-to/react", "@conform-to/react/future"].map((name) => ({
          name,
          importNames: ["useForm"],
          message: "Set up a form with useSiteForm from ~/components/form (decision 370).",
        })),
      ],
    },
  },
  prettier,
);
