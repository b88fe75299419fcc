// A guest import run in its own process, so a test can SIGKILL it midway (crash-safety test):
//   tsx tests/helpers/guestImportChild.ts <importId>   with DATABASE_URL or SQLITE_FILE, and TESSERA_VAR_DIR.
// Prints "progress <rows>" while the import's transaction writes, then "done".
import { writeSync } from "node:fs";
import pino from "pino";
import { loadConfig } from "../../api/src/config.ts";
import { processGuestImport } from "../../api/src/services/guests/import/process.ts";
import { createDeps } from "../../api/src/wiring.ts";

const importId = process.argv[2]!;
// The worker's dependencies from the composition root, as the job worker has them.
const deps = createDeps(loadConfig({ ...process.env, NODE_ENV: "test" }), { logger: pino({ level: "silent" }) });
await processGuestImport(deps, importId, {
  // Written synchronously: the parent must see it while the transaction is still open.
  onProgress: (processed) => writeSync(1, `progress ${processed}\n`),
});
writeSync(1, "done\n");
await deps.db.destroy();
