/**
 * The set-up every end-to-end file shares: a test server, a Chromium and (when asked) a temporary
 * folder, started in `beforeAll` and closed in `afterAll` of the `describe` that calls it.
 *
 *   describe.skipIf(!shouldRunE2e())("…", () => {
 *     const e2e = useE2eEnvironment({ kind });
 *     it("…", async () => {
 *       const { server, browser } = e2e;
 *       …
 *       await signInAs(page, server.baseUrl, "orla@example.com", "/manage/events");
 *     });
 *   });
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { resources, type Language } from "@tessera/shared";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { Account } from "../../api/src/models/Account.ts";
import type { Event } from "../../api/src/models/Event.ts";
import type { User } from "../../api/src/models/User.ts";
import { SignInPages } from "../e2e/pages/SignInPages.ts";
import { launchBrowser } from "./browser.ts";
import type { DatabaseKind } from "./databases.ts";
import { buildEvent } from "./events.ts";
import { buildAccount, buildUser, DEFAULT_PASSWORD, type BuildUserOptions } from "./factories.ts";
import { startTestServer, type TestServer } from "./server.ts";

export interface E2eOptions {
  /** The server's database (default SQLite). */
  kind?: DatabaseKind;
  /** Makes `dir`, a fresh temporary folder with this name prefix (removed afterwards). */
  tempDirPrefix?: string;
}

/** Filled by the hooks: reading a part before `beforeAll` has run (or one not asked for) throws. */
export interface E2eEnvironment {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly dir: string;
}

export function useE2eEnvironment(options: E2eOptions = {}): E2eEnvironment {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let dir: string | undefined;

  beforeAll(async () => {
    server = await startTestServer({ kind: options.kind });
    browser = await launchBrowser();
    if (options.tempDirPrefix) dir = mkdtempSync(path.join(os.tmpdir(), options.tempDirPrefix));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`The e2e ${name} is not there: read it in a test, after beforeAll`);
    return value;
  };
  return {
    get server() {
      return ready(server, "server");
    },
    get browser() {
      return ready(browser, "browser");
    },
    get dir() {
      return ready(dir, "temporary folder (pass tempDirPrefix)");
    },
  };
}

/** The sign-in form's labels in each language of the app, as its screen reads them from the catalogue. */
const signInLabels = (language: Language) => {
  const web = resources[language].web;
  return { email: web.fields.email, password: web.fields.password, submit: web.signIn.submit };
};
export const SIGN_IN_LABELS = { en: signInLabels("en"), fr: signInLabels("fr"), es: signInLabels("es") };

export interface SignInAsOptions {
  /** The sign-in app's language (its path prefix and labels); default English. */
  language?: keyof typeof SIGN_IN_LABELS;
  /** Default DEFAULT_PASSWORD (the factories'). */
  password?: string;
}

/**
 * Signs in through the sign-in app, asking to be sent to `next` (a back-office path), and waits until
 * the page is there.
 */
export async function signInAs(
  page: Page,
  baseUrl: string,
  email: string,
  next: string,
  options: SignInAsOptions = {},
): Promise<void> {
  const language = options.language ?? "en";
  const signIn = new SignInPages(page, baseUrl);
  await signIn.open(`${language === "en" ? "" : `/${language}`}/admin?next=${encodeURIComponent(next)}`);
  await signIn.signIn(SIGN_IN_LABELS[language], email, options.password ?? DEFAULT_PASSWORD);
  await signIn.waitForPath(next);
}

/**
 * The scene of the guest screens' tests: the account "Maison Lumière", an organizer of it (the
 * options given) and the event "Gala d'hiver" they created.
 */
export async function buildOrganizerEvent(
  server: TestServer,
  organizer: Omit<BuildUserOptions, "accountId" | "role"> = {},
  event: Partial<Event> = {},
): Promise<{ account: Account; organizer: User; event: Event }> {
  const account = await buildAccount(server.db, { name: "Maison Lumière" });
  const user = await buildUser(server.db, { accountId: account.id, role: "organizer", ...organizer });
  const built = await buildEvent(server.db, account.id, { name: "Gala d'hiver", createdBy: user.id, ...event });
  return { account, organizer: user, event: built };
}
