// `npm run create-admin -- email@example.com [First] [Last]`: the first platform administrator of a
// production installation. Prints a one-week link that completes the registration (register-admin).
import { loadConfig } from "../api/src/config.ts";
import { migrateLatest } from "../api/src/db/knex.ts";
import { AppError } from "../api/src/errors.ts";
import { bootstrapAdministrator } from "../api/src/services/accounts/bootstrapAdministrator.ts";
import { createScope } from "../api/src/services/scope.ts";
import { createDeps } from "../api/src/wiring.ts";

const [email, firstName = "Platform", lastName = "Administrator"] = process.argv.slice(2);
if (!email || !email.includes("@")) {
  console.error("usage: npm run create-admin -- email@example.com [First] [Last]");
  process.exit(2);
}
const deps = createDeps(loadConfig());
try {
  await migrateLatest(deps.db);
  const { registrationLink } = await bootstrapAdministrator(createScope(deps), { email, firstName, lastName });
  console.log(`Platform administrator ${email} created. Complete the registration within 7 days:\n${registrationLink}`);
} catch (error) {
  if (!(error instanceof AppError && error.code === "email_taken")) throw error;
  console.error(`${email} already exists`);
  process.exitCode = 1;
} finally {
  await deps.db.destroy();
}
