// `npm start`: migrations on the embedded SQLite database (or DATABASE_URL), demo account on first
// start (with its check-in desks' access codes), web app built if needed, API and web app served on one
// port (3000; PORT overrides).
import { createServer } from "node:net";
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
/** Whether `port` can be listened on (127.0.0.1) now. */
async function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

// The demo receives bounces of campaign mail on 127.0.0.1:2525 (when that port is free) unless told otherwise.
const DEMO_BOUNCE_PORT = 2525;
const demoBounces =
  process.env.NODE_ENV !== "production" &&
  process.env.TESSERA_DEMO !== "0" &&
  !process.env.BOUNCE_SMTP_PORT &&
  (await isFree(DEMO_BOUNCE_PORT));
if (demoBounces) {
  process.env.BOUNCE_SMTP_PORT = String(DEMO_BOUNCE_PORT);
  process.env.BOUNCE_SMTP_HOST ??= "127.0.0.1";
}
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
if (config.inboundMail.smtpPort !== null)
  console.log(
    `Bounces of campaign mail: SMTP on ${config.inboundMail.smtpHost}:${config.inboundMail.smtpPort} for bounces+…@${config.inboundMail.bounceDomain}.`,
  );
if (!config.logRequests) console.log("Requests are not logged (LOG_REQUESTS=1 logs each one).");
if (demoStripe)
  console.log(
    `Card payments: Stripe test mode on a local stand-in (${demoStripe.url}); test card 4242 4242 4242 4242.`,
  );
stopOnSignals(running, console.log);
