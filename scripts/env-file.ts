/**
 * The first import of the server's entry (server-entry.ts, built to build/server.js) and of every script that reads
 * the site's configuration (`npm run dev`, db:migrate, seed, make-admin, backup, restore), decision 220:
 *
 *  1. `.env` in the working directory, when there is one (dotenv): each of its settings that the real environment
 *     does not set. A variable set in the environment wins over the file; no file is fine. DOTENV_CONFIG_PATH
 *     (dotenv's own variable) names another file; the test runner gives /dev/null, so no test sees a developer's.
 *  2. NODE_ENV production unless the environment or `.env` says otherwise (decision 080), before any module of
 *     React or React Router is evaluated: they choose their development or production build from NODE_ENV once,
 *     when first loaded, so the env module (app/utils/env.server.ts) would set it too late.
 *
 * An empty setting (`HOST=` as in .env.example) counts as unset, here and in app/utils/env.server.ts.
 */
import { config } from "dotenv";

config({ path: process.env.DOTENV_CONFIG_PATH || ".env", quiet: true });
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
