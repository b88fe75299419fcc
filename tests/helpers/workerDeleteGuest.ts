// A worker-like entry point: the composition root and one service, no HTTP (nothing of api/src/http is
// imported), as a job worker or a script would run.
//   tsx tests/helpers/workerDeleteGuest.ts <userId> <accountId> <eventId> <guestId>
//   with DATABASE_URL or SQLITE_FILE, TESSERA_VAR_DIR and TESSERA_SECRET.
// Prints one JSON line: {"deleted": true} or {"refused": <error code>, "reason": <details.reason>}.
import { writeSync } from "node:fs";
import pino from "pino";
import { loadConfig } from "../../api/src/config.ts";
import { AppError } from "../../api/src/errors.ts";
import { User } from "../../api/src/models/User.ts";
import { deleteGuest } from "../../api/src/services/guests/remove.ts";
import { createScope } from "../../api/src/services/scope.ts";
import { createDeps } from "../../api/src/wiring.ts";

const [userId, accountId, eventId, guestId] = process.argv.slice(2) as [string, string, string, string];
const deps = createDeps(loadConfig({ ...process.env, NODE_ENV: "test" }), { logger: pino({ level: "silent" }) });
const user = await User.query(deps.db).findById(userId).throwIfNotFound();
const scope = createScope(deps, {
  actor: {
    kind: "user",
    id: user.id,
    role: user.role,
    accountId: user.accountId,
    user,
    sessionId: "worker",
    via: "bearer",
  },
});
try {
  await deleteGuest(scope, { accountId, eventId }, guestId);
  writeSync(1, `${JSON.stringify({ deleted: true })}\n`);
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  writeSync(1, `${JSON.stringify({ refused: error.code, reason: error.options.details?.reason })}\n`);
} finally {
  await deps.db.destroy();
}
