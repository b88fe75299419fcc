// `npm start`: migrations on the embedded SQLite database (or DATABASE_URL), demo account on first
// start (with its check-in desks' access codes), web app built if needed, API and web app served on one
// port (3000; PORT overrides).
import { loadConfig } from "../api/src/config.ts";
import { DEMO_EVENT_SLUG } from "../api/src/seed/demo.ts";
import { seedDemoOnFirstStart } from "../api/src/seed/firstStart.ts";
import { startServer, stopOnSignals } from "../api/src/server.ts";
import { startDemoStripe } from "./demoStripe.ts";
import { ensureWebBuild } from "./web-build.ts";

ensureWebBuild();
// On a trial run the console is for the lines below (address, demo password, email links): a line per
// request would bury them. Production keeps them; LOG_REQUESTS=1 brings them back here.
if (process.env.NODE_ENV !== "production") process.env.LOG_REQUESTS ??= "0";
const firstRead = loadConfig();
const seedDemoAccount = process.env.TESSERA_DEMO !== "0" && firstRead.env !== "production";
// The demo takes card payments through the local Stripe stand-in unless a Stripe account is configured.
const demoStripe = seedDemoAccount ? await startDemoStripe(process.env, firstRead.publicUrl) : null;
const config = demoStripe ? loadConfig() : firstRead;
const running = await startServer(config, {
  async beforeListen(deps) {
    if (!seedDemoAccount) return;
    const seeded = await seedDemoOnFirstStart(deps, process.env.TESSERA_DEMO_PASSWORD || undefined, {
      storage: deps.storage,
      passwordHashCost: config.passwordHashCost,
    });
    if (!seeded) return;
    const { credentials, accessCodes } = seeded;
    const lines = [
      "Demo account created (shown once):",
      `  organizer:              ${credentials.email}`,
      `  reader:                 ${credentials.readerEmail}`,
      `  platform administrator: ${credentials.adminEmail}`,
      `  password (all three):   ${credentials.password}`,
      "",
      `Check-in desk: ${config.publicUrl}/desk, access codes of ${DEMO_EVENT_SLUG} (shown once):`,
      ...accessCodes.map(({ session, type, code }) => `  ${`${session} (${type}):`.padEnd(26)}${code}`),
    ];
    console.log(`\n${lines.join("\n")}\n`);
  },
});
console.log(
  `Tessera is running: ${config.publicUrl}/admin  (database: ${config.databaseUrl ? "PostgreSQL" : config.sqliteFile})`,
);
if (!config.smtp) console.log(`No SMTP_URL: emails are written to ${config.outboxDir} and their links logged.`);
if (!config.logRequests) console.log("Requests are not logged (LOG_REQUESTS=1 logs each one).");
if (demoStripe)
  console.log(
    `Card payments: Stripe test mode on a local stand-in (${demoStripe.url}); test card 4242 4242 4242 4242.`,
  );
stopOnSignals(running, console.log);
