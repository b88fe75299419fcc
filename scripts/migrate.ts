// `npm run migrate [-- down]`: applies pending migrations (or rolls back the last batch).
import { loadConfig } from "../api/src/config.ts";
import { createDb, withMigrator } from "../api/src/db/knex.ts";

const config = loadConfig();
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
try {
  await withMigrator(db, async (migrator) => {
    if (process.argv[2] === "down") {
      const [batch, names] = (await migrator.migrate.rollback()) as [number, string[]];
      console.log(`Rolled back batch ${batch}: ${names.join(", ") || "nothing"}`);
    } else {
      const [batch, names] = (await migrator.migrate.latest()) as [number, string[]];
      console.log(names.length ? `Batch ${batch}: ${names.join(", ")}` : "Already up to date");
    }
  });
} finally {
  await db.destroy();
}
