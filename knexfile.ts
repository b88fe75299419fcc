// Knex CLI entry: `npx knex --knexfile knexfile.ts migrate:latest`. The app itself uses api/src/db/knex.ts.
import { loadConfig } from "./api/src/config.ts";
import { knexConfig } from "./api/src/db/knex.ts";

const config = loadConfig();
export default knexConfig({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
