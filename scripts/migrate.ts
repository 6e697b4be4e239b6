/** `npm run db:migrate`: applies the committed migrations (the server also does this at every start). */
import "./env-file"; // first: .env and NODE_ENV before any other module reads them (decision 220)
import { openScriptDatabase } from "./database";

openScriptDatabase()
  .then(async (database) => {
    console.log("[migrate] the database is up to date");
    await database.close();
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
