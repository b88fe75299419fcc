// A desk core syncing in a process of its own, for a test to kill it (SIGKILL) midway. Arguments: the desk's
// database file, the server's address, and the upload after whose answer it stops, holding that answer unrecorded
// (it says "held" and waits to be killed: the worst moment, the server has the scans and the desk does not know).
import { createDeskCore } from "../../desktop/src/core/core.ts";

const [databaseFile, serverUrl, holdAt] = process.argv.slice(2);
let uploads = 0;
const core = createDeskCore({
  version: "test",
  platform: process.platform,
  serverUrl,
  databaseFile,
  probeIntervalMs: 0,
  uploadBatchSize: 20,
  fetch: async (input, init) => {
    const answer = await fetch(input, init);
    if (input.endsWith("/desk/checks") && ++uploads === Number(holdAt)) {
      process.stdout.write("held\n");
      await new Promise(() => undefined);
    }
    return answer;
  },
});
await core["desk.sync"]();
process.stdout.write("synced\n");
