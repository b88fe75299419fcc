/**
 * Issue 10, item 12: every screen of the web app, and the dialogs, menus and popovers reached from them,
 * checked by axe-core in Chromium against WCAG 2.0 and 2.1, levels A and AA. A serious or critical
 * violation fails the screen's test, which lists each one (rule, elements, what to fix).
 *
 * The screens are one table (SCREENS): who looks, the address, and how to bring the screen to the state
 * checked (open a dialog, upload a file). A last test reads the routes declared in the web app and fails
 * when one is reached by no screen of the table, so a new route cannot go unchecked.
 *
 * The markup does not depend on the database, so the sweep runs once, on SQLite, even when the e2e files
 * run on PostgreSQL too. `A11Y_REPORT=1` prints every violation found, whatever its impact, by rule;
 * `A11Y_ONLY=<words>` checks only the screens whose name holds them.
 */
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { resources } from "@tessera/shared";
import type { AxeResults, ImpactValue } from "axe-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import type { Account } from "../../api/src/models/Account.ts";
import type { Event } from "../../api/src/models/Event.ts";
import type { Guest } from "../../api/src/models/Guest.ts";
import { issueLinkToken } from "../../api/src/services/auth/oneTimeTokens.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildEvent, buildImage, buildTeam } from "../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../helpers/factories.ts";
import { buildCustomField, buildGuest } from "../helpers/guests.ts";
import type { HttpClient } from "../helpers/http.ts";
import { buildOrder, buildTicket } from "../helpers/orders.ts";
import type { TestServer } from "../helpers/server.ts";
import { buildCampaignStatisticsScene, CAMPAIGN_STATISTICS_SCREENS } from "./pages/campaignStatisticsScene.ts";
import { buildCheckinScene, DESK_SCREENS, type CheckinScene } from "./pages/checkinScene.ts";
import { buildCreditsScene, CREDITS_SCREENS, type CreditsScene } from "./pages/creditsScene.ts";
import { buildMailErrorsScene, MAIL_ERROR_SCREENS } from "./pages/mailErrorsScene.ts";
import { buildSendersScene, SENDER_SCREENS, type SendersScene } from "./pages/sendersScene.ts";
import { buildEbadgeScene, EBADGE_SCREENS, type EbadgeScene } from "./pages/ebadgeScene.ts";
import { buildGuestSiteScene, GUEST_SCREENS, type GuestSiteScene } from "./pages/guestSiteScene.ts";
import { screenshotFor } from "./pages/screenshots.ts";

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve("axe-core/axe.min.js");
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** WCAG 2.0 and 2.1, levels A and AA (axe's tags). */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const FAILING_IMPACTS: ReadonlySet<ImpactValue> = new Set(["serious", "critical"]);

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** What the screens say, in English (their labels come from the catalogue, as the screens read them). */
const web = resources.en.web;

// ---- the scene ---------------------------------------------------------------------------------------

const OVERSEER = "orla@example.com";
const PLATFORM_ADMIN = "root@example.com";
const TWO_FACTOR_USER = "tess@example.com";
const SEVERAL_ACCOUNTS_USER = "sam@example.com";

interface Scene {
  account: Account;
  event: Event;
  /** A registration form with a question, a conditional group on it, a text and the participation question. */
  formId: string;
  /** An event without forms. */
  emptyEvent: Event;
  /** A guest with a godfather, companions of their own, custom field answers, tickets and orders. */
  zoe: Guest;
  /** Zoé's completed order (its page in the Order history). */
  orderId: string;
  /** A valid password reset link's token (for the overseer) and a valid invitation's. */
  resetToken: string;
  invitationToken: string;
  /** A small CSV for the import wizard. */
  csvFile: string;
  /** The guest site: an event of another account, its registration forms and a guest signed in to its portal. */
  guestSite: GuestSiteScene;
  /** Check-in: a session with a rule on the event without forms, its access code and guests' entry codes. */
  checkin: CheckinScene;
  /** E-badges: the event's default badge (with blocks) and a badge with conditions. */
  ebadge: EbadgeScene;
  /** Credits: the account's packs of both kinds, spent, expired, and their movements. */
  credits: CreditsScene;
  /** An invitation campaign of the event, in French, from its template. */
  campaignId: string;
  /** A sent save the date of the event, with opens, clicks, a machine's open, a bounce and a blocked address. */
  campaignStatisticsId: string;
  /** The account's senders (verified, pending, expired link) and a guest who unsubscribed. */
  senders: SendersScene;
}

async function buildScene(server: TestServer, dir: string): Promise<Scene> {
  const { db } = server;
  const account = await buildAccount(db, { name: "Maison Lumière" });
  const overseer = await buildUser(db, {
    accountId: account.id,
    role: "overseer",
    email: OVERSEER,
    firstName: "Orla",
    lastName: "Marchand",
  });
  const organizer = await buildUser(db, {
    accountId: account.id,
    role: "organizer",
    firstName: "Ona",
    lastName: "Reyes",
  });
  const invited = await buildUser(db, {
    accountId: account.id,
    role: "editor",
    email: "ines@example.com",
    firstName: "Inès",
    lastName: "Moreau",
    password: null,
  });
  const team = await buildTeam(db, account.id, [overseer.id, organizer.id]);
  const platformAdmin = await buildUser(db, { accountId: null, role: "administrator", email: PLATFORM_ADMIN });
  const guarded = await buildAccount(db, { name: "Coffre-fort", twoFactorEnabled: true });
  await buildUser(db, { accountId: guarded.id, role: "organizer", email: TWO_FACTOR_USER });
  for (const accountId of [account.id, guarded.id]) {
    await buildUser(db, { accountId, role: "reader", email: SEVERAL_ACCOUNTS_USER });
  }

  const logo = await buildImage(db, account.id, "logo");
  const event = await buildEvent(db, account.id, {
    name: "Gala d'hiver",
    slug: "gala-hiver",
    createdBy: overseer.id,
    startsAt: new Date("2030-01-20T18:00:00Z"),
    endsAt: new Date("2030-01-20T23:00:00Z"),
    logoImageId: logo.id,
  });
  const emptyEvent = await buildEvent(db, account.id, {
    name: "Harbour Summit",
    slug: "harbour-summit",
    createdBy: overseer.id,
  });
  // Archived by a screen of the sweep (its notice).
  await buildEvent(db, account.id, { name: "Spring Fair", slug: "spring-fair", createdBy: overseer.id });
  const api = server.http.as(await sessionTokenFor(db, server.config, overseer));
  // Through the API, so the access lists and the history have entries.
  for (const [kind, id] of [
    ["administrators", organizer.id],
    ["teams", team.id],
  ]) {
    const granted = await api.put(`/api/v1/accounts/${account.id}/events/${event.id}/${kind}/${id}`);
    expect(granted.status, JSON.stringify(granted.body)).toBeLessThan(300);
  }
  const updated = await api.post(`/api/v1/accounts/${account.id}/events/${event.id}`, { maxAttendees: 200 });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);

  const diet = await buildCustomField(db, event, {
    name: "Régime",
    label: "Régime",
    type: "dropdown",
    options: [
      { id: "veg", label: "Végétarien", quota: null },
      { id: "gf", label: "Sans gluten", quota: 40 },
    ],
  });
  const nights = await buildCustomField(db, event, { name: "Nuits", label: "Nuits", type: "number", isRequired: true });
  const note = await buildCustomField(db, event, {
    name: "Note",
    label: "Note",
    type: "long_text",
    helpText: "Pour l'accueil",
  });
  const form = await api.post(`/api/v1/events/${account.id}/${event.id}/forms`, {
    type: "registration",
    title: "Inscription",
    items: [
      { kind: "text", id: "welcome", title: "Bienvenue", description: "Quelques questions avant la soirée." },
      { kind: "question", id: "q-diet", fieldId: diet.id },
      {
        kind: "group",
        id: "g-veg",
        condition: { fieldId: diet.id, answers: ["veg"] },
        items: [{ kind: "question", id: "q-note", fieldId: note.id }],
      },
      { kind: "question", id: "q-nights", fieldId: nights.id },
      { kind: "participation", id: "attend", title: "Serez-vous des nôtres ?" },
    ],
  });
  expect(form.status, JSON.stringify(form.body)).toBe(201);

  const godfather = await buildGuest(db, event, { firstName: "Hugo", lastName: "Martin", email: "hugo@example.com" });
  const zoe = await buildGuest(db, event, {
    firstName: "Zoé",
    lastName: "Lefèvre",
    email: "zoe.lefevre@example.com",
    company: "Café Crème",
    status: "confirmed",
    companionsExpected: 2,
    godfatherId: godfather.id,
    answers: { [diet.id]: "veg" },
  });
  await buildGuest(db, event, { firstName: "Léa", lastName: "Martin", email: "lea@example.com", godfatherId: zoe.id });
  // A duplicate pair (same email).
  await buildGuest(db, event, { firstName: "Zoé", lastName: "Lefèvre-Martin", email: " ZOE.Lefevre@Example.COM " });
  const ticket = await buildTicket(db, event, { caption: "Pass complet" });
  const { order: zoeOrder } = await buildOrder(db, event, {
    guestId: zoe.id,
    status: "completed",
    orderedAt: new Date("2029-11-02T10:00:00Z"),
    items: [{ ticket, quantity: 1, unitPriceInclTaxCents: 12_000 }],
  });

  const saved = await api.post(`/api/v1/events/${account.id}/${event.id}/guestviews`, {
    name: "Confirmés",
    query: { status: "confirmed" },
    isShared: true,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const recommended = await api.post(`/${event.slug}/recommendations/addRecommendationsJson`, {
    guestId: zoe.id,
    recommendations: [{ firstName: "Paul", lastName: "Durand", email: "paul@example.fr", company: "Durand SARL" }],
  });
  expect(recommended.status, JSON.stringify(recommended.body)).toBe(201);

  const csvFile = path.join(dir, "guests.csv");
  writeFileSync(csvFile, "First name;Last name;Email;Régime\r\nAnaïs;Bérard;anais@example.com;Végétarien\r\n", "utf8");
  await buildMailErrorsScene(db, account.id);
  return {
    account,
    event,
    formId: form.body.id as string,
    emptyEvent,
    zoe,
    orderId: zoeOrder.id,
    resetToken: await issueLinkToken(db, overseer.id, "password_reset"),
    invitationToken: await issueLinkToken(db, invited.id, "registration"),
    csvFile,
    guestSite: await buildGuestSiteScene(db),
    checkin: await buildCheckinScene(db, api, account.id, emptyEvent),
    ebadge: await buildEbadgeScene(api, account.id, event),
    credits: await buildCreditsScene(db, account.id, platformAdmin.id),
    campaignId: await buildCampaignScene(api, account.id, event),
    campaignStatisticsId: await buildCampaignStatisticsScene(db, event),
    senders: await buildSendersScene(db, account.id, event),
  };
}

/** A pending invitation campaign of the event, started from its French template. */
async function buildCampaignScene(api: HttpClient, accountId: string, event: Event): Promise<string> {
  const created = await api.post(`/api/v1/events/${accountId}/${event.id}/campaigns`, {
    name: "Invitation du gala",
    type: "invitation",
    language: "fr",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

// ---- the screens -------------------------------------------------------------------------------------

type Viewer = "anonymous" | "overseer" | "platform";

interface Screen {
  name: string;
  as: Viewer;
  /** The address opened. */
  path: (scene: Scene) => string;
  /** Waits until the screen is there, then brings it to the state checked (a dialog opened, a file sent…). */
  reach: (page: Page, scene: Scene) => Promise<void>;
  viewport?: { width: number; height: number };
  /** The route patterns (router.tsx and the *Routes files) this screen stands for. */
  routes?: string[];
  /** Prepares an anonymous visitor's page before it opens the address (routes that fail, …). */
  before?: (page: Page) => Promise<void>;
}

const events = (scene: Scene) => `/manage/events/${scene.event.id}`;
const guests = (scene: Scene) => `${events(scene)}/guests`;
const forms = (scene: Scene) => `${events(scene)}/forms`;
const platformAccount = (scene: Scene) => `/manage/platform/accounts/${scene.account.id}`;

const text = (value: string) => async (page: Page) => {
  await page.getByText(value, { exact: true }).first().waitFor();
};
const heading = (name: string) => async (page: Page) => {
  await page.getByRole("heading", { name, exact: true }).first().waitFor();
};
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true }).first();
const dialog = async (page: Page, name: string) => {
  await page.getByRole("dialog", { name, exact: true }).waitFor();
};
const click = async (page: Page, name: string) => {
  await button(page, name).click();
};
/** Opens a dialog with a button of the screen, once the screen shows `ready`. */
const dialogFrom =
  (ready: (page: Page) => Promise<void>, opener: string | ((page: Page) => Promise<void>), title: string) =>
  async (page: Page) => {
    await ready(page);
    if (typeof opener === "string") await click(page, opener);
    else await opener(page);
    await dialog(page, title);
  };
const rowButton = (rowText: string, name: string) => async (page: Page) => {
  await page.getByRole("row").filter({ hasText: rowText }).first().getByRole("button", { name, exact: true }).click();
};
/** The builder's Options tab, its options read. */
const formOptionsReady = async (page: Page) => {
  await page.getByRole("tab", { name: web.forms.options.title, exact: true }).click();
  await page.getByTestId("form-options").getByText(web.forms.options.noTerms, { exact: true }).waitFor();
};
/** The scene's form in figures, the chart of its choice question drawn. */
const formStatisticsReady = async (page: Page) => {
  await page.getByRole("table", { name: "Régime" }).waitFor({ state: "attached" });
  await page.locator(".recharts-surface").first().waitFor();
};
/** The event's Statistics, custom fields: the attendance ring and the chart of the scene's choice question drawn. */
const statisticsReady = async (page: Page) => {
  await page.getByRole("table", { name: web.statistics.attendance.caption }).waitFor();
  await page.getByRole("table", { name: "Régime" }).waitFor({ state: "attached" });
  await page.locator(".recharts-surface").nth(1).waitFor();
};
const statistics = (scene: Scene) => `${events(scene)}/statistics`;
/** The check-in part of the Statistics of the scene's event without forms: its sessions' table and chart drawn. */
const checkinStatisticsReady = async (page: Page) => {
  await page.getByTestId("checkin-session-row").first().waitFor();
  await page.getByTestId("checkin-sessions").locator(".recharts-surface").waitFor();
};
/** The check-in sessions of the scene's event without forms, and its session "Main door". */
const checkins = (scene: Scene) => `/manage/events/${scene.checkin.eventId}/checkins`;
const checkinEditor = (scene: Scene) => `${checkins(scene)}/${scene.checkin.checkinId}`;
const checkinRow = async (page: Page) => {
  await page.getByTestId("checkin-row").first().waitFor();
};
/** A session's editor: its rule's row and its access codes read. */
const checkinEditorReady = async (page: Page) => {
  await page.getByTestId("rule-condition").first().waitFor();
  await page.getByTestId("last-code").waitFor();
};
/**
 * The live board of the scene's event, connected, after a few scans by a desk (refused and unknown codes, so
 * that the desk's own states keep their answers), each shown among the last scans.
 */
const liveBoardWithScans = async (page: Page, scene: Scene) => {
  await page.locator('[data-testid="live-connection"][data-connection="live"]').waitFor();
  const origin = new URL(page.url()).origin;
  const signIn = await fetch(`${origin}/api/v1/desk/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: scene.checkin.accessCode, desk: "Door 2" }),
  });
  expect(signIn.status).toBe(201);
  const { token } = (await signIn.json()) as { token: string };
  for (const code of [scene.checkin.codes.refused, "NOT-A-CODE", scene.checkin.codes.refused]) {
    const scan = await fetch(`${origin}/api/v1/desk/check`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ scanId: randomUUID(), code }),
    });
    expect(scan.ok, await scan.clone().text()).toBe(true);
  }
  await page.getByTestId("live-scan").nth(2).waitFor();
  await page.locator(".recharts-surface").first().waitFor();
};
/** The builder of the scene's form, its group and preview drawn. */
const builderReady = async (page: Page) => {
  await page.getByTestId("builder-group").waitFor();
  await page.getByTestId("form-preview").getByLabel("Régime", { exact: true }).waitFor();
};
const guestRows = async (page: Page) => {
  await page.getByTestId("guest-row").first().waitFor();
};
const signInForm = async (page: Page, email: string, password = "Correct-Horse-42") => {
  await page.getByLabel(web.fields.email, { exact: true }).fill(email);
  await page.getByLabel(web.fields.password, { exact: true }).fill(password);
  await click(page, web.signIn.submit);
};

// Guests, statistics, check-in and ticketing have their own screens (their "coming" descriptions stay in the catalogue).
const COMING_SECTIONS = Object.keys(web.eventNav.coming).filter(
  (section) =>
    section !== "guests" &&
    section !== "statistics" &&
    section !== "checkins" &&
    section !== "ticketing" &&
    section !== "campaigns",
);
const SETTINGS_TABS = Object.keys(web.settings.tabs) as (keyof typeof web.settings.tabs)[];

const SCREENS: Screen[] = [
  // -- the sign-in app and the public pages -----------------------------------------------------------
  { name: "sign-in", as: "anonymous", path: () => "/admin", reach: heading(web.signIn.title), routes: ["/admin"] },
  {
    name: "sign-in in French",
    as: "anonymous",
    path: () => "/fr/admin",
    reach: heading(resources.fr.web.signIn.title),
  },
  {
    name: "sign-in in Spanish",
    as: "anonymous",
    path: () => "/es/admin",
    reach: heading(resources.es.web.signIn.title),
  },
  {
    name: "sign-in, refused password",
    as: "anonymous",
    path: () => "/admin",
    reach: async (page) => {
      await signInForm(page, OVERSEER, "Not-The-Password-1");
      await page.getByTestId("sign-in-alert").waitFor();
    },
  },
  {
    name: "sign-in, empty fields",
    as: "anonymous",
    path: () => "/admin",
    reach: async (page) => {
      await click(page, web.signIn.submit);
      await page.getByTestId("sign-in-alert").waitFor();
    },
  },
  {
    name: "sign-in, choosing the account",
    as: "anonymous",
    path: () => "/admin",
    reach: async (page) => {
      await signInForm(page, SEVERAL_ACCOUNTS_USER);
      await page.getByRole("radiogroup").waitFor();
    },
  },
  {
    name: "sign-in, emailed code (two-factor)",
    as: "anonymous",
    path: () => "/admin",
    reach: async (page) => {
      await signInForm(page, TWO_FACTOR_USER);
      await page.getByLabel(web.sendingToken.code, { exact: true }).waitFor();
    },
    routes: ["sending-token"],
  },
  {
    name: "event sign-in",
    as: "anonymous",
    path: (scene) => `/${scene.event.slug}/admin`,
    reach: heading(web.signIn.title),
    routes: ["/:event/admin"],
  },
  {
    name: "forgot password",
    as: "anonymous",
    path: () => "/admin/forgot-password",
    reach: heading(web.forgotPassword.title),
    routes: ["forgot-password"],
  },
  {
    name: "forgot password, sent",
    as: "anonymous",
    path: () => "/admin/forgot-password",
    reach: async (page) => {
      await page.getByLabel(web.fields.email, { exact: true }).fill("nobody@example.com");
      await click(page, web.forgotPassword.submit);
      await heading(web.forgotPasswordSuccess.title)(page);
    },
    routes: ["forgot-password-success"],
  },
  {
    name: "reset password",
    as: "anonymous",
    path: (scene) => `/admin/reset-password?token=${scene.resetToken}`,
    reach: async (page) => {
      await heading(web.resetPassword.title)(page);
      await page.getByLabel(web.password.new, { exact: true }).waitFor();
    },
    routes: ["reset-password"],
  },
  {
    name: "reset password, bogus link",
    as: "anonymous",
    path: () => "/admin/reset-password?token=made-up-token-1234567890",
    reach: heading(web.invalidLink.title),
  },
  {
    name: "reset password, done",
    as: "anonymous",
    path: () => "/admin/reset-password-success",
    reach: heading(web.resetPasswordSuccess.title),
    routes: ["reset-password-success"],
  },
  {
    name: "register",
    as: "anonymous",
    path: (scene) => `/admin/register-admin?token=${scene.invitationToken}`,
    reach: async (page) => {
      await heading(web.registerAdmin.title)(page);
      await page.getByLabel(web.password.new, { exact: true }).waitFor();
    },
    routes: ["register-admin"],
  },
  {
    name: "register, bogus link",
    as: "anonymous",
    path: () => "/admin/register-admin?token=made-up-token-1234567890",
    reach: heading(web.invalidLink.title),
  },
  {
    name: "register, done",
    as: "anonymous",
    path: () => "/admin/register-success",
    reach: heading(web.registerSuccess.title),
    routes: ["register-success"],
  },
  {
    name: "page not found",
    as: "anonymous",
    path: () => "/no/such/page",
    reach: heading(web.notFound.title),
    routes: ["*"],
  },
  {
    name: "error page (a chunk that cannot load)",
    as: "anonymous",
    path: () => "/manage",
    before: async (page) => {
      await page.route(/\/assets\/ManageApp-[^/]+\.js$/, (route) => route.abort("connectionreset"));
    },
    reach: async (page) => {
      await page.getByRole("button", { name: resources.en.errors.reload_page }).waitFor();
    },
    routes: ["/manage/*"],
  },

  // -- the guest site (registration forms, the guests' portal) -----------------------------------------
  ...GUEST_SCREENS,
  // -- the check-in desk in the browser (an access code, no organizer session) ---------------------------
  ...DESK_SCREENS,
  ...EBADGE_SCREENS,
  ...CREDITS_SCREENS,
  ...MAIL_ERROR_SCREENS,
  ...SENDER_SCREENS,

  // -- events --------------------------------------------------------------------------------------------
  {
    name: "events list (from /)",
    as: "overseer",
    path: () => "/",
    reach: text("Gala d'hiver"),
    routes: ["/", "events/*"],
  },
  {
    name: "events list, phone",
    as: "overseer",
    path: () => "/manage/events",
    reach: text("Gala d'hiver"),
    viewport: PHONE,
  },
  {
    name: "navigation menu, phone",
    as: "overseer",
    path: () => "/manage/events",
    viewport: PHONE,
    reach: async (page) => {
      await text("Gala d'hiver")(page);
      await click(page, web.manage.toggleNavigation);
      await page.getByRole("link", { name: web.nav.profile }).waitFor();
    },
  },
  {
    name: "events list, nothing archived",
    as: "overseer",
    path: () => "/manage/events?filter=archived",
    reach: text(web.events.empty.archived),
  },
  {
    name: "events list, an event's menu",
    as: "overseer",
    path: () => "/manage/events",
    reach: async (page) => {
      await click(page, web.events.actionsOf.replace("{{name}}", "Gala d'hiver"));
      await page.getByRole("menuitem", { name: web.events.duplicate }).waitFor();
    },
  },
  {
    name: "events list, sort options",
    as: "overseer",
    path: () => "/manage/events",
    reach: async (page) => {
      await text("Gala d'hiver")(page);
      await page.getByRole("combobox", { name: web.events.sortBy }).click();
      await page.getByRole("option", { name: web.events.sorts.name }).waitFor();
    },
  },
  {
    name: "events list, an event archived (notice)",
    as: "overseer",
    path: () => "/manage/events",
    reach: async (page) => {
      await click(page, web.events.actionsOf.replace("{{name}}", "Spring Fair"));
      await page.getByRole("menuitem", { name: web.events.archive }).click();
      await text(web.events.archivedNotice.replace("{{name}}", "Spring Fair"))(page);
    },
  },
  {
    name: "create an event (dialog)",
    as: "overseer",
    path: () => "/manage/events",
    reach: dialogFrom(text("Gala d'hiver"), web.events.create, web.events.create),
  },
  {
    name: "create an event, refused (dialog)",
    as: "overseer",
    path: () => "/manage/events",
    reach: async (page) => {
      await dialogFrom(text("Gala d'hiver"), web.events.create, web.events.create)(page);
      await page.getByLabel(web.events.slug, { exact: true }).fill("admin");
      await click(page, web.events.createSubmit);
      await page.getByRole("dialog").getByText(resources.en.validation.slug_reserved).waitFor();
    },
  },
  {
    name: "duplicate an event (dialog)",
    as: "overseer",
    path: () => "/manage/events",
    reach: async (page) => {
      await click(page, web.events.actionsOf.replace("{{name}}", "Gala d'hiver"));
      await page.getByRole("menuitem", { name: web.events.duplicate }).click();
      await dialog(page, web.events.duplicateTitle.replace("{{name}}", "Gala d'hiver"));
    },
  },
  {
    name: "delete an event (confirmation)",
    as: "overseer",
    path: () => "/manage/events",
    reach: async (page) => {
      // An event without guests (one with guests cannot be deleted).
      await click(page, web.events.actionsOf.replace("{{name}}", "Harbour Summit"));
      await page.getByRole("menuitem", { name: web.common.delete }).click();
      await dialog(page, web.events.deleteTitle);
    },
  },
  ...SETTINGS_TABS.map((tab): Screen => ({
    name: `event settings: ${web.settings.tabs[tab]}`,
    as: "overseer",
    path: (scene) => `${events(scene)}/settings/${tab}`,
    reach: async (page) => {
      await page.getByRole("tab", { name: web.settings.tabs[tab], selected: true }).waitFor();
      await page.waitForLoadState("networkidle");
    },
    routes: [":eventId/*", "settings/*"],
  })),
  {
    name: "event settings: Access rights, giving access",
    as: "overseer",
    path: (scene) => `${events(scene)}/settings/access`,
    reach: async (page) => {
      await page.getByRole("combobox", { name: web.access.addUser }).click();
      await page.getByRole("option").first().waitFor();
    },
  },
  ...COMING_SECTIONS.map((section): Screen => ({
    name: `event section to come: ${section}`,
    as: "overseer",
    path: (scene) => `${events(scene)}/${section}`,
    reach: text(web.eventNav.coming[section as keyof typeof web.eventNav.coming]),
  })),
  {
    name: "event page not found",
    as: "overseer",
    path: (scene) => `${events(scene)}/nothing-here`,
    reach: text(web.notFound.title),
  },

  // -- email campaigns -----------------------------------------------------------------------------------
  {
    name: "campaigns list",
    as: "overseer",
    path: (scene) => `${events(scene)}/campaigns`,
    reach: text("Invitation du gala"),
    routes: ["campaigns/*"],
  },
  {
    name: "campaigns list, phone",
    as: "overseer",
    path: (scene) => `${events(scene)}/campaigns`,
    reach: text("Invitation du gala"),
    viewport: PHONE,
  },
  {
    name: "campaigns: new campaign (dialog)",
    as: "overseer",
    path: (scene) => `${events(scene)}/campaigns`,
    reach: async (page) => {
      await text("Invitation du gala")(page);
      await click(page, web.campaigns.create);
      await dialog(page, web.campaigns.create);
    },
  },
  {
    name: "campaign editor",
    as: "overseer",
    path: (scene) => `${events(scene)}/campaigns/${scene.campaignId}`,
    reach: async (page) => {
      await page.getByTestId("campaign-block").first().waitFor();
    },
    routes: [":campaignId/*"],
  },
  {
    name: "campaign editor, phone",
    as: "overseer",
    path: (scene) => `${events(scene)}/campaigns/${scene.campaignId}`,
    reach: async (page) => {
      await page.getByTestId("campaign-block").first().waitFor();
    },
    viewport: PHONE,
  },
  {
    name: "campaign editor: a new button, the rules' messages at its fields",
    as: "overseer",
    path: (scene) => `${events(scene)}/campaigns/${scene.campaignId}`,
    reach: async (page) => {
      await page.getByTestId("campaign-block").first().waitFor();
      await click(page, web.campaigns.editor.addBlock);
      await page.getByRole("menuitem", { name: web.campaigns.blocks.button }).click();
      await text(resources.en.validation.campaign_target_url_required)(page);
    },
  },
  {
    name: "campaign editor: change template (confirmation)",
    as: "overseer",
    path: (scene) => `${events(scene)}/campaigns/${scene.campaignId}`,
    reach: async (page) => {
      await page.getByTestId("campaign-block").first().waitFor();
      await click(page, web.campaigns.editor.changeTemplate);
      await page
        .getByRole("menuitem", { name: `${web.campaigns.types.reminder} (${web.languages.en})` })
        .first()
        .click();
      await dialog(page, web.campaigns.editor.changeTemplate);
    },
  },
  {
    name: "campaign preview",
    as: "overseer",
    path: (scene) => `${events(scene)}/campaigns/${scene.campaignId}/preview`,
    reach: async (page) => {
      await page.getByTestId("campaign-preview-frame").waitFor();
    },
    routes: ["preview"],
  },
  {
    name: "campaign summary and send",
    as: "overseer",
    path: (scene) => `${events(scene)}/campaigns/${scene.campaignId}/send`,
    reach: async (page) => {
      await page.getByTestId("campaign-recipients").waitFor();
    },
    routes: ["send"],
  },
  {
    name: "auto mails list",
    as: "overseer",
    path: (scene) => `${events(scene)}/campaigns/auto-mails`,
    reach: text(web.autoMails.kinds.order_refund),
    routes: ["auto-mails"],
  },
  {
    name: "auto mails list, phone",
    as: "overseer",
    path: (scene) => `${events(scene)}/campaigns/auto-mails`,
    reach: text(web.autoMails.kinds.order_refund),
    viewport: PHONE,
  },
  {
    name: "auto mail editor (French)",
    as: "overseer",
    path: (scene) => `${events(scene)}/campaigns/auto-mails/registration_confirmation?language=fr`,
    reach: async (page) => {
      await page.getByTestId("campaign-block").first().waitFor();
      await page.getByTestId("campaign-preview-frame").waitFor();
    },
    routes: ["auto-mails/:kind"],
  },
  {
    name: "auto mail editor, phone",
    as: "overseer",
    path: (scene) => `${events(scene)}/campaigns/auto-mails/magic_link`,
    reach: async (page) => {
      await page.getByTestId("campaign-block").first().waitFor();
      await page.getByTestId("campaign-preview-frame").waitFor();
    },
    viewport: PHONE,
  },
  {
    name: "auto mail editor: reset to default (confirmation)",
    as: "overseer",
    path: (scene) => `${events(scene)}/campaigns/auto-mails/order_refund?language=es`,
    reach: async (page) => {
      await page.getByTestId("campaign-block").first().waitFor();
      await page.getByRole("textbox", { name: web.campaigns.fields.subject }).fill("Reembolso {{orderReference}}");
      await click(page, web.common.save);
      await text(web.autoMails.saved)(page);
      await click(page, web.autoMails.reset);
      await dialog(page, web.autoMails.resetTitle);
    },
  },

  // -- forms ---------------------------------------------------------------------------------------------
  {
    name: "forms list",
    as: "overseer",
    path: forms,
    reach: text("Inscription"),
    routes: ["forms/*"],
  },
  { name: "forms list, phone", as: "overseer", path: forms, reach: text("Inscription"), viewport: PHONE },
  {
    name: "ticketing: tickets, none yet",
    as: "overseer",
    path: (scene) => `/manage/events/${scene.emptyEvent.id}/ticketing`,
    reach: text(web.ticketing.tickets.empty),
    routes: ["ticketing/*"],
  },
  {
    name: "ticketing: coupons, none yet",
    as: "overseer",
    path: (scene) => `/manage/events/${scene.emptyEvent.id}/ticketing/coupons`,
    reach: text(web.ticketing.coupons.empty),
    routes: ["coupons"],
  },
  {
    name: "ticketing: create a coupon (drawer)",
    as: "overseer",
    path: (scene) => `${events(scene)}/ticketing/coupons`,
    reach: dialogFrom(
      text(web.ticketing.coupons.empty),
      web.ticketing.coupons.create,
      web.ticketing.coupons.createTitle,
    ),
  },
  {
    name: "ticketing: a coupon code refused (drawer), phone",
    as: "overseer",
    path: (scene) => `${events(scene)}/ticketing/coupons`,
    viewport: PHONE,
    reach: async (page) => {
      await dialogFrom(
        text(web.ticketing.coupons.empty),
        web.ticketing.coupons.create,
        web.ticketing.coupons.createTitle,
      )(page);
      const drawer = page.getByRole("dialog");
      await drawer.getByRole("textbox", { name: web.ticketing.coupons.code, exact: true }).fill("TWO WORDS");
      await drawer.getByRole("button", { name: web.ticketing.coupons.create, exact: true }).click();
      await drawer.getByText(resources.en.validation.coupon_code_format, { exact: true }).waitFor();
    },
  },
  {
    name: "ticketing: params, no billing information yet",
    as: "overseer",
    path: (scene) => `/manage/events/${scene.emptyEvent.id}/ticketing/params`,
    reach: heading(web.ticketing.params.billing.title),
    routes: ["params"],
  },
  {
    name: "ticketing: params, starting sales refused, phone",
    as: "overseer",
    path: (scene) => `${events(scene)}/ticketing/params`,
    viewport: PHONE,
    reach: async (page) => {
      await click(page, web.ticketing.params.sales.start);
      await page.getByRole("alert").filter({ hasText: resources.en.errors.payment_info_needed }).waitFor();
    },
  },
  {
    name: "ticketing: order history",
    as: "overseer",
    path: (scene) => `${events(scene)}/ticketing/orders`,
    reach: async (page) => {
      await page.getByTestId("order-row").first().waitFor();
      await page.getByTestId("orders-status-count").first().waitFor();
    },
    routes: ["orders"],
  },
  {
    name: "ticketing: order history, none yet, phone",
    as: "overseer",
    path: (scene) => `/manage/events/${scene.emptyEvent.id}/ticketing/orders`,
    viewport: PHONE,
    reach: text(web.ticketing.orders.empty),
  },
  {
    name: "ticketing: order history, export menu",
    as: "overseer",
    path: (scene) => `${events(scene)}/ticketing/orders`,
    reach: async (page) => {
      await page.getByTestId("order-row").first().waitFor();
      await click(page, web.ticketing.orders.export);
      await page.getByRole("menuitem", { name: web.ticketing.orders.exportCsv }).waitFor();
    },
  },
  {
    name: "ticketing: an order's page",
    as: "overseer",
    path: (scene) => `${events(scene)}/ticketing/orders/${scene.orderId}`,
    reach: async (page) => {
      await page.getByTestId("order-item").first().waitFor();
      await page.getByTestId("order-timeline").or(page.getByText(web.ticketing.orders.timeline.empty)).waitFor();
    },
    routes: ["orders/:orderId"],
  },
  {
    name: "ticketing: an order's page, phone",
    as: "overseer",
    path: (scene) => `${events(scene)}/ticketing/orders/${scene.orderId}`,
    viewport: PHONE,
    reach: async (page) => {
      await page.getByTestId("order-item").first().waitFor();
    },
  },
  {
    name: "ticketing: a partial refund of nothing refused (dialog)",
    as: "overseer",
    path: (scene) => `${events(scene)}/ticketing/orders/${scene.orderId}`,
    reach: async (page) => {
      await page.getByTestId("order-item").first().waitFor();
      await click(page, web.ticketing.orders.actions.refund);
      const modal = page.getByRole("dialog");
      await modal.getByText(web.ticketing.orders.refund.partial, { exact: true }).click();
      await modal.getByRole("button", { name: web.ticketing.orders.refund.submit, exact: true }).click();
      await modal.getByRole("alert").filter({ hasText: web.ticketing.orders.refund.needsItem }).waitFor();
    },
  },
  {
    name: "ticketing: an order's billing, a company (dialog)",
    as: "overseer",
    path: (scene) => `${events(scene)}/ticketing/orders/${scene.orderId}`,
    reach: async (page) => {
      await page.getByTestId("order-item").first().waitFor();
      await click(page, web.ticketing.orders.billing.edit);
      const modal = page.getByRole("dialog", { name: web.ticketing.orders.billing.title });
      await modal.getByText(web.ticketing.orders.billing.company, { exact: true }).click();
      await modal.getByRole("textbox", { name: web.ticketing.params.billing.siret }).waitFor();
    },
  },
  {
    name: "ticketing: create an order",
    as: "overseer",
    path: (scene) => `${events(scene)}/ticketing/orders/new`,
    reach: async (page) => {
      await heading(web.ticketing.orders.create.title)(page);
      await page.getByTestId("order-line").first().waitFor();
    },
    routes: ["orders/new"],
  },
  {
    name: "ticketing: an order without a ticket refused, phone",
    as: "overseer",
    path: (scene) => `${events(scene)}/ticketing/orders/new`,
    viewport: PHONE,
    reach: async (page) => {
      await heading(web.ticketing.orders.create.title)(page);
      await click(page, web.ticketing.orders.create.submit);
      await page.getByText(web.ticketing.orders.create.needsTicket, { exact: true }).waitFor();
    },
  },
  {
    name: "forms list, none yet",
    as: "overseer",
    path: (scene) => `/manage/events/${scene.emptyEvent.id}/forms`,
    reach: text(web.forms.empty),
  },
  {
    name: "forms list, a form's menu",
    as: "overseer",
    path: forms,
    reach: async (page) => {
      await click(page, web.forms.actionsOf.replace("{{title}}", "Inscription"));
      await page.getByRole("menuitem", { name: web.forms.putOnline }).waitFor();
    },
  },
  {
    name: "create a form (dialog)",
    as: "overseer",
    path: forms,
    reach: dialogFrom(text("Inscription"), web.forms.create, web.forms.create),
  },
  {
    name: "delete a form (confirmation)",
    as: "overseer",
    path: forms,
    reach: async (page) => {
      await click(page, web.forms.actionsOf.replace("{{title}}", "Inscription"));
      await page.getByRole("menuitem", { name: web.common.delete }).click();
      await dialog(page, web.forms.deleteTitle);
    },
  },
  {
    name: "form builder",
    as: "overseer",
    path: (scene) => `${forms(scene)}/${scene.formId}`,
    reach: builderReady,
    routes: [":formId"],
  },
  {
    name: "form builder, phone",
    as: "overseer",
    path: (scene) => `${forms(scene)}/${scene.formId}`,
    reach: builderReady,
    viewport: PHONE,
  },
  {
    name: "form builder, the add menu",
    as: "overseer",
    path: (scene) => `${forms(scene)}/${scene.formId}`,
    reach: async (page) => {
      await builderReady(page);
      await click(page, web.forms.builder.add);
      await page.getByRole("menuitem", { name: new RegExp(`^${web.forms.builder.kinds.group}`) }).waitFor();
    },
  },
  {
    name: "form builder, add a question (dialog)",
    as: "overseer",
    path: (scene) => `${forms(scene)}/${scene.formId}`,
    reach: async (page) => {
      await builderReady(page);
      await click(page, web.forms.builder.add);
      await page.getByRole("menuitem", { name: new RegExp(`^${web.forms.builder.kinds.question}`) }).click();
      await dialog(page, web.forms.builder.question.pickTitle);
    },
  },
  {
    name: "form builder, an item picked up with the keyboard",
    as: "overseer",
    path: (scene) => `${forms(scene)}/${scene.formId}`,
    reach: async (page) => {
      await builderReady(page);
      await button(page, web.forms.builder.moveItem.replace("{{name}}", "Nuits")).focus();
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowUp");
      await page.locator('[id^="DndLiveRegion"]').getByText(/Nuits/).waitFor();
    },
  },
  {
    name: "form builder, the group shown in a French preview",
    as: "overseer",
    path: (scene) => `${forms(scene)}/${scene.formId}`,
    reach: async (page) => {
      await builderReady(page);
      const preview = page.getByTestId("form-preview");
      await preview.getByText(web.languages.fr, { exact: true }).click();
      await preview.getByLabel("Régime", { exact: true }).click();
      await page.getByRole("option", { name: "Végétarien" }).click();
      await preview.getByLabel("Note", { exact: true }).waitFor();
      await preview.getByRole("button", { name: resources.fr.web.forms.preview.guest.submit.registration }).waitFor();
    },
  },
  {
    name: "form builder, a new form and the rules' messages",
    as: "overseer",
    path: (scene) => `${forms(scene)}/new?type=survey&title=Avis`,
    reach: async (page) => {
      await text(resources.en.validation.at_least_one_item)(page);
      await click(page, web.forms.builder.add);
      await page.getByRole("menuitem", { name: new RegExp(`^${web.forms.builder.kinds.group}`) }).click();
      await click(page, web.common.save);
      await text(resources.en.validation.select_question)(page);
      await page.getByTestId("builder-problems").waitFor();
    },
    routes: ["new"],
  },
  {
    name: "form builder, its options",
    as: "overseer",
    path: (scene) => `${forms(scene)}/${scene.formId}`,
    reach: formOptionsReady,
  },
  {
    name: "form builder, its options, phone",
    as: "overseer",
    path: (scene) => `${forms(scene)}/${scene.formId}`,
    reach: formOptionsReady,
    viewport: PHONE,
  },
  {
    name: "form statistics",
    as: "overseer",
    path: (scene) => `${forms(scene)}/${scene.formId}/statistics`,
    reach: formStatisticsReady,
    routes: [":formId/statistics"],
  },
  {
    name: "form statistics, phone",
    as: "overseer",
    path: (scene) => `${forms(scene)}/${scene.formId}/statistics`,
    reach: formStatisticsReady,
    viewport: PHONE,
  },

  // -- statistics ----------------------------------------------------------------------------------------
  {
    name: "event statistics, custom fields",
    as: "overseer",
    path: statistics,
    reach: statisticsReady,
    routes: ["statistics/*", "custom-fields"],
  },
  {
    name: "event statistics, custom fields, phone",
    as: "overseer",
    path: (scene) => `${statistics(scene)}/custom-fields`,
    reach: statisticsReady,
    viewport: PHONE,
  },
  {
    name: "event statistics, as tables, a form chosen",
    as: "overseer",
    path: (scene) => `${statistics(scene)}/custom-fields?display=tables&form=${scene.formId}`,
    reach: async (page) => {
      await page.getByRole("table", { name: "Régime" }).waitFor();
      await page.getByLabel(web.statistics.form, { exact: true }).first().click();
      await page.getByRole("option", { name: web.statistics.everyField, exact: true }).waitFor();
    },
  },
  ...CAMPAIGN_STATISTICS_SCREENS,
  {
    name: "event statistics, check-in",
    as: "overseer",
    path: (scene) => `/manage/events/${scene.checkin.eventId}/statistics/check-in`,
    reach: checkinStatisticsReady,
    routes: ["check-in"],
  },
  {
    name: "event statistics, check-in, phone",
    as: "overseer",
    path: (scene) => `/manage/events/${scene.checkin.eventId}/statistics/check-in`,
    reach: checkinStatisticsReady,
    viewport: PHONE,
  },
  {
    name: "event statistics, check-in, no session yet",
    as: "overseer",
    path: (scene) => `${statistics(scene)}/check-in`,
    reach: text(web.statistics.checkin.empty.noSessions),
  },

  // -- check-in --------------------------------------------------------------------------------------------
  { name: "check-in sessions", as: "overseer", path: checkins, reach: checkinRow, routes: ["checkins/*"] },
  { name: "check-in sessions, phone", as: "overseer", path: checkins, reach: checkinRow, viewport: PHONE },
  {
    name: "check-in sessions, none yet",
    as: "overseer",
    path: (scene) => `${events(scene)}/checkins`,
    reach: text(web.checkins.empty),
  },
  {
    name: "check-in sessions, a session's menu",
    as: "overseer",
    path: checkins,
    reach: async (page) => {
      await checkinRow(page);
      await click(page, web.checkins.actionsOf.replace("{{name}}", "Main door"));
      await page.getByRole("menuitem", { name: web.checkins.openDesk }).waitFor();
    },
  },
  {
    name: "delete a check-in session (confirmation)",
    as: "overseer",
    path: checkins,
    reach: async (page) => {
      await checkinRow(page);
      await click(page, web.checkins.actionsOf.replace("{{name}}", "Main door"));
      await page.getByRole("menuitem", { name: web.common.delete }).click();
      await dialog(page, web.checkins.deleteTitle);
    },
  },
  {
    name: "new check-in session, a condition being written",
    as: "overseer",
    path: (scene) => `${checkins(scene)}/new`,
    reach: async (page) => {
      await page
        .getByRole("button", { name: /^Add a condition/ })
        .first()
        .click();
      await page.getByRole("combobox", { name: /^What condition 1/ }).click();
      await page.getByRole("option", { name: web.conditions.attributes.status, exact: true }).click();
      await page.getByRole("combobox", { name: /^Value of condition 1/ }).click();
      await page.getByRole("option", { name: web.guests.status.confirmed, exact: true }).waitFor();
    },
  },
  {
    name: "new check-in session, an unfinished rule refused",
    as: "overseer",
    path: (scene) => `${checkins(scene)}/new`,
    reach: async (page) => {
      await page.getByLabel(web.checkins.editor.name, { exact: false }).fill("Side door");
      await page
        .getByRole("button", { name: /^Add a group/ })
        .first()
        .click();
      await click(page, web.checkins.editor.createSubmit);
      await page.getByRole("alert").filter({ hasText: web.checkins.editor.ruleIncomplete }).waitFor();
    },
    viewport: PHONE,
  },
  {
    name: "check-in session editor, its rule and access codes",
    as: "overseer",
    path: checkinEditor,
    reach: checkinEditorReady,
    routes: [":checkinId"],
  },
  {
    name: "check-in session editor, phone",
    as: "overseer",
    path: checkinEditor,
    reach: checkinEditorReady,
    viewport: PHONE,
  },
  {
    name: "check-in live board, with scans",
    as: "overseer",
    path: (scene) => `${checkins(scene)}/live`,
    reach: liveBoardWithScans,
    routes: ["live"],
  },
  {
    name: "check-in live board, phone",
    as: "overseer",
    path: (scene) => `${checkins(scene)}/live`,
    reach: liveBoardWithScans,
    viewport: PHONE,
  },
  {
    name: "access code shown once (dialog)",
    as: "overseer",
    path: checkinEditor,
    reach: dialogFrom(checkinEditorReady, web.checkins.codes.create, web.checkins.codes.shownTitle),
  },
  {
    name: "access code shown once (dialog), phone",
    as: "overseer",
    path: checkinEditor,
    reach: dialogFrom(checkinEditorReady, web.checkins.codes.create, web.checkins.codes.shownTitle),
    viewport: PHONE,
  },
  {
    name: "revoke an access code (confirmation)",
    as: "overseer",
    path: checkinEditor,
    reach: dialogFrom(checkinEditorReady, web.checkins.codes.revoke, web.checkins.codes.revokeTitle),
  },
  {
    name: "check-in desk in the back office",
    as: "overseer",
    path: (scene) => `${checkinEditor(scene)}/desk`,
    reach: async (page) => {
      await page.getByTestId("scanner-input").waitFor();
    },
    routes: [":checkinId/desk"],
  },
  {
    name: "check-in desk in the back office, refused with a forced entry offered",
    as: "overseer",
    path: (scene) => `${checkinEditor(scene)}/desk`,
    reach: async (page, scene) => {
      await page.getByTestId("scanner-input").fill(scene.checkin.codes.refused);
      await page.keyboard.press("Enter");
      await page.locator('[data-testid="scan-result"][data-result="not_allowed"]').waitFor();
      await button(page, web.desk.force).waitFor();
    },
  },

  // -- guests --------------------------------------------------------------------------------------------
  { name: "guests list", as: "overseer", path: guests, reach: guestRows, routes: ["guests/*"] },
  { name: "guests list, phone", as: "overseer", path: guests, reach: guestRows, viewport: PHONE },
  {
    name: "guests list, filters",
    as: "overseer",
    path: guests,
    reach: async (page) => {
      await guestRows(page);
      await click(page, web.guests.filters.add);
      await page.getByTestId("filter-status").waitFor();
    },
  },
  {
    name: "guests list, a filter and a saved view",
    as: "overseer",
    path: (scene) => `${guests(scene)}?status=confirmed&search=zo`,
    reach: async (page) => {
      await guestRows(page);
      await page.getByText(`${web.guests.fields.status}: ${web.guests.status.confirmed}`).first().waitFor();
    },
  },
  {
    name: "guests list, columns",
    as: "overseer",
    path: guests,
    reach: async (page) => {
      await guestRows(page);
      await click(page, web.guests.list.columns);
      await page.getByRole("checkbox", { name: "Nuits" }).waitFor();
    },
  },
  {
    name: "guests list, export menu",
    as: "overseer",
    path: guests,
    reach: async (page) => {
      await guestRows(page);
      await click(page, web.guests.list.export);
      await page.getByRole("menuitem", { name: web.guests.list.exportCsv }).waitFor();
    },
  },
  {
    name: "guests list, a selection",
    as: "overseer",
    path: guests,
    reach: async (page) => {
      await guestRows(page);
      await page.getByRole("checkbox", { name: web.guests.list.selectAll }).check();
      await button(page, web.guests.list.deleteSelected).waitFor();
    },
  },
  {
    name: "delete guests (dialog)",
    as: "overseer",
    path: guests,
    reach: async (page) => {
      await guestRows(page);
      await page.getByRole("checkbox", { name: web.guests.list.selectAll }).check();
      await click(page, web.guests.list.deleteSelected);
      await dialog(page, web.guests.bulk.deleteTitle);
    },
  },
  {
    name: "set a field of guests (dialog)",
    as: "overseer",
    path: guests,
    reach: async (page) => {
      await guestRows(page);
      await page.getByRole("checkbox", { name: web.guests.list.selectAll }).check();
      await click(page, web.guests.list.setField);
      await dialog(page, web.guests.bulk.setFieldTitle);
    },
  },
  {
    name: "save a view (dialog)",
    as: "overseer",
    path: (scene) => `${guests(scene)}?search=mart`,
    reach: dialogFrom(guestRows, web.guests.views.save, web.guests.views.saveTitle),
  },
  {
    name: "delete a view (confirmation)",
    as: "overseer",
    path: guests,
    reach: dialogFrom(
      guestRows,
      web.guests.views.delete.replace("{{name}}", "Confirmés"),
      web.guests.views.deleteTitle,
    ),
  },
  {
    name: "add a guest",
    as: "overseer",
    path: (scene) => `${guests(scene)}/new`,
    reach: heading(web.guests.detail.addTitle),
    routes: ["new"],
  },
  {
    name: "add a guest, refused",
    as: "overseer",
    path: (scene) => `${guests(scene)}/new`,
    reach: async (page) => {
      await heading(web.guests.detail.addTitle)(page);
      await page.getByLabel(web.guests.fields.email, { exact: true }).fill("not-an-email");
      await click(page, web.guests.detail.create);
      await page.locator("[aria-invalid=true]").first().waitFor();
    },
  },
  {
    name: "a guest, with companions and orders",
    as: "overseer",
    path: (scene) => `${guests(scene)}/view/${scene.zoe.id}`,
    reach: async (page) => {
      await heading("Zoé Lefèvre")(page);
      await page.getByRole("list", { name: web.guests.companions.listLabel }).waitFor();
      await text("Pass complet")(page);
    },
    routes: ["view/:guestId"],
  },
  {
    name: "a guest, choosing a godfather",
    as: "overseer",
    path: (scene) => `${guests(scene)}/view/${scene.zoe.id}`,
    reach: async (page) => {
      await heading("Zoé Lefèvre")(page);
      await click(page, web.guests.detail.removeGodfather);
      await page.getByRole("combobox", { name: web.guests.detail.pickGodfather }).click();
      await page.getByRole("option").first().waitFor();
    },
  },
  {
    name: "delete a guest (confirmation)",
    as: "overseer",
    path: (scene) => `${guests(scene)}/view/${scene.zoe.id}`,
    reach: dialogFrom(heading("Zoé Lefèvre"), web.common.delete, web.guests.detail.deleteTitle),
  },
  {
    name: "custom fields",
    as: "overseer",
    path: (scene) => `${guests(scene)}/fields`,
    reach: text("Régime"),
    routes: ["fields"],
  },
  {
    name: "add a custom field (dialog)",
    as: "overseer",
    path: (scene) => `${guests(scene)}/fields`,
    reach: dialogFrom(text("Régime"), web.guests.customFields.add, web.guests.customFields.addTitle),
  },
  {
    name: "edit a custom field with answers (dialog)",
    as: "overseer",
    path: (scene) => `${guests(scene)}/fields`,
    reach: dialogFrom(text("Régime"), rowButton("Régime", web.common.edit), web.guests.customFields.editTitle),
  },
  {
    name: "delete a custom field (confirmation)",
    as: "overseer",
    path: (scene) => `${guests(scene)}/fields`,
    reach: dialogFrom(text("Régime"), rowButton("Régime", web.common.delete), web.guests.customFields.deleteTitle),
  },
  {
    name: "import, choose the file",
    as: "overseer",
    path: (scene) => `${guests(scene)}/import`,
    reach: text(web.guests.import.drop),
    routes: ["import"],
  },
  {
    name: "import, match the fields",
    as: "overseer",
    path: (scene) => `${guests(scene)}/import`,
    reach: async (page, scene) => {
      await page.getByTestId("import-file").setInputFiles(scene.csvFile);
      await text("guests.csv")(page);
      await click(page, web.guests.import.upload);
      await page
        .getByLabel(web.guests.import.targetFor.replace("{{column}}", "Email"), { exact: true })
        .first()
        .waitFor();
    },
  },
  {
    name: "import, rows checked",
    as: "overseer",
    path: (scene) => `${guests(scene)}/import`,
    reach: async (page, scene) => {
      await page.getByTestId("import-file").setInputFiles(scene.csvFile);
      await click(page, web.guests.import.upload);
      await click(page, web.guests.import.check);
      await text(web.guests.import.noErrors)(page);
    },
  },
  {
    name: "import, done",
    as: "overseer",
    path: (scene) => `${guests(scene)}/import`,
    reach: async (page, scene) => {
      await page.getByTestId("import-file").setInputFiles(scene.csvFile);
      await click(page, web.guests.import.upload);
      await click(page, web.guests.import.check);
      await click(page, web.guests.import.start);
      await text(web.guests.import.done)(page);
    },
  },
  {
    name: "duplicates",
    as: "overseer",
    path: (scene) => `${guests(scene)}/duplicates`,
    reach: async (page) => {
      await page.getByTestId("duplicate-pair").first().waitFor();
    },
    routes: ["duplicates"],
  },
  {
    name: "merge duplicates (confirmation)",
    as: "overseer",
    path: (scene) => `${guests(scene)}/duplicates`,
    reach: async (page) => {
      await button(page, web.guests.duplicates.keep).click();
      await dialog(page, web.guests.duplicates.mergeTitle);
    },
  },
  {
    name: "recommendations",
    as: "overseer",
    path: (scene) => `${guests(scene)}/recommendations`,
    reach: async (page) => {
      await page.getByTestId("recommendation-row").first().waitFor();
    },
    routes: ["recommendations"],
  },
  {
    name: "recommendations, none accepted",
    as: "overseer",
    path: (scene) => `${guests(scene)}/recommendations`,
    reach: async (page) => {
      await page.getByRole("tab", { name: web.guests.recommendations.accepted }).click();
      await text(web.guests.recommendations.emptyAccepted)(page);
    },
  },
  {
    name: "refuse a recommendation (confirmation)",
    as: "overseer",
    path: (scene) => `${guests(scene)}/recommendations`,
    reach: async (page) => {
      await page
        .getByTestId("recommendation-row")
        .first()
        .getByRole("button", { name: web.guests.recommendations.refuse })
        .click();
      await dialog(page, web.guests.recommendations.refuseTitle);
    },
  },

  // -- the account ---------------------------------------------------------------------------------------
  { name: "users", as: "overseer", path: () => "/manage/users", reach: text("ines@example.com"), routes: ["users"] },
  {
    name: "invite a user (dialog)",
    as: "overseer",
    path: () => "/manage/users",
    reach: dialogFrom(text("ines@example.com"), web.users.invite, web.users.invite),
  },
  {
    name: "remove a user (confirmation)",
    as: "overseer",
    path: () => "/manage/users",
    reach: dialogFrom(
      text("ines@example.com"),
      rowButton("ines@example.com", web.common.remove),
      web.users.removeTitle,
    ),
  },
  { name: "teams", as: "overseer", path: () => "/manage/teams", reach: text("Ona Reyes"), routes: ["teams"] },
  {
    name: "create a team (dialog)",
    as: "overseer",
    path: () => "/manage/teams",
    reach: dialogFrom(text("Ona Reyes"), web.teams.create, web.teams.create),
  },
  {
    name: "rename a team (dialog)",
    as: "overseer",
    path: () => "/manage/teams",
    reach: async (page) => {
      await text("Ona Reyes")(page);
      await click(page, web.teams.rename);
      await page.getByRole("dialog").waitFor();
    },
  },
  {
    name: "delete a team (confirmation)",
    as: "overseer",
    path: () => "/manage/teams",
    reach: dialogFrom(text("Ona Reyes"), web.common.delete, web.teams.deleteTitle),
  },
  {
    name: "account settings",
    as: "overseer",
    path: () => "/manage/account",
    reach: heading(web.nav.account),
    routes: ["account"],
  },
  {
    name: "profile",
    as: "overseer",
    path: () => "/manage/profile",
    reach: heading(web.nav.profile),
    routes: ["profile"],
  },
  {
    name: "profile saved (notice)",
    as: "overseer",
    path: () => "/manage/profile",
    reach: async (page) => {
      await click(page, web.common.save);
      await text(web.profile.saved)(page);
    },
  },
  {
    name: "back-office, who is signed in cannot be told",
    as: "anonymous",
    path: () => "/manage/events",
    before: async (page) => {
      const refused = { error: { code: "bad_request", message: "The session could not be read." } };
      await page.route(/\/api\/v1\/auth\/me$/, (route) => route.fulfill({ status: 400, json: refused }));
    },
    reach: async (page) => {
      await button(page, web.common.retry).waitFor();
    },
  },
  {
    name: "back-office page not found",
    as: "overseer",
    path: () => "/manage/nothing-here",
    reach: text(web.notFound.title),
  },

  // -- the platform --------------------------------------------------------------------------------------
  {
    name: "platform: accounts",
    as: "platform",
    path: () => "/manage/platform/accounts",
    reach: text("Maison Lumière"),
    routes: ["platform/*", "accounts"],
  },
  {
    name: "platform: create an account (dialog)",
    as: "platform",
    path: () => "/manage/platform/accounts",
    reach: dialogFrom(text("Maison Lumière"), web.accounts.create, web.accounts.create),
  },
  {
    name: "platform: edit an account (dialog)",
    as: "platform",
    path: () => "/manage/platform/accounts",
    reach: dialogFrom(
      text("Maison Lumière"),
      rowButton("Maison Lumière", web.common.edit),
      web.accounts.editTitle.replace("{{name}}", "Maison Lumière"),
    ),
  },
  {
    name: "platform: an account's users",
    as: "platform",
    path: (scene) => `${platformAccount(scene)}/users`,
    reach: text("ines@example.com"),
    routes: ["accounts/:accountId/users"],
  },
  {
    name: "platform: an account's events",
    as: "platform",
    path: (scene) => `${platformAccount(scene)}/events`,
    reach: text("Gala d'hiver"),
    routes: ["accounts/:accountId/events/*"],
  },
  {
    name: "platform: an event's admin settings",
    as: "platform",
    path: (scene) => `${platformAccount(scene)}/events/${scene.event.id}/admin`,
    reach: async (page) => {
      await page.getByRole("tab", { name: web.eventNav.admin, selected: true }).waitFor();
      await text(web.admin.whiteLabel)(page);
    },
    routes: ["admin"],
  },
  {
    name: "platform: administrators",
    as: "platform",
    path: () => "/manage/platform/administrators",
    reach: text(OVERSEER),
    routes: ["administrators"],
  },
  {
    name: "platform: add a user (dialog)",
    as: "platform",
    path: () => "/manage/platform/administrators",
    reach: dialogFrom(text(OVERSEER), web.administrators.create, web.administrators.create),
  },
  {
    name: "platform: a user's accounts (dialog)",
    as: "platform",
    path: () => "/manage/platform/administrators",
    reach: dialogFrom(
      text(OVERSEER),
      rowButton(OVERSEER, web.nav.accounts),
      web.administrators.accountsOf.replace("{{name}}", "Orla Marchand"),
    ),
  },
  {
    name: "platform: delete a user (confirmation)",
    as: "platform",
    path: () => "/manage/platform/administrators",
    reach: dialogFrom(text(OVERSEER), rowButton(OVERSEER, web.common.delete), web.administrators.deleteTitle),
  },
  { name: "platform: profile", as: "platform", path: () => "/manage/profile", reach: heading(web.nav.profile) },
];

// ---- axe ---------------------------------------------------------------------------------------------

interface Violation {
  rule: string;
  impact: ImpactValue | null;
  help: string;
  helpUrl: string;
  elements: { target: string; html: string; summary: string; related: string[] }[];
}

/** Waits until the page stands still: no transition or finite animation running (a dialog fading in). */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

async function runAxe(page: Page): Promise<Violation[]> {
  const hasAxe = await page.evaluate(() => "axe" in window);
  if (!hasAxe) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async (tags) => {
    const clip = (html: string) => (html.length > 300 ? `${html.slice(0, 300)}…` : html);
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      helpUrl: violation.helpUrl,
      elements: violation.nodes.map((node) => ({
        target: node.target.map(String).join(" "),
        html: clip(node.html),
        summary: (node.failureSummary ?? "").replace(/\s+/g, " ").trim(),
        related: [...node.any, ...node.all, ...node.none]
          .flatMap((check) => check.relatedNodes ?? [])
          .slice(0, 2)
          .map((related) => clip(related.html)),
      })),
    }));
  }, WCAG_TAGS);
}

const SHOWN_ELEMENTS = 5;

function describeViolations(screen: string, violations: Violation[]): string {
  const lines = [`${violations.length} serious or critical accessibility violation(s) on "${screen}":`];
  for (const violation of violations) {
    lines.push(`  ${violation.rule} (${violation.impact}): ${violation.help} — ${violation.helpUrl}`);
    for (const element of violation.elements.slice(0, SHOWN_ELEMENTS)) {
      lines.push(`    ${element.html}`, `      at ${element.target}`, `      ${element.summary}`);
      for (const related of element.related) lines.push(`      related: ${related}`);
    }
    if (violation.elements.length > SHOWN_ELEMENTS) {
      lines.push(`    … and ${violation.elements.length - SHOWN_ELEMENTS} more element(s)`);
    }
  }
  lines.push(`Serious or critical violations on "${screen}"`);
  return lines.join("\n");
}

// ---- the route census ----------------------------------------------------------------------------------

/** Every literal route path the web app declares (router.tsx and the screens' <Route path="…">). */
function declaredRoutes(): string[] {
  const files = [path.join(ROOT, "web/src/app/router.tsx")];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".tsx")) files.push(full);
    }
  };
  walk(path.join(ROOT, "web/src/screens"));
  const found = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/\bpath(?:=|: )["`]([^"`]+)["`]/g)) {
      // router.tsx builds the sign-in paths from a prefix: "${prefix}/admin" stands for /admin and /:language/admin.
      const route = match[1]!.replace("${prefix}", "");
      found.add(route);
    }
  }
  return [...found].sort();
}

/**
 * axe is injected as a script tag, which the app's Content-Security-Policy (script-src 'self') refuses:
 * the test's pages bypass it. A screen that cannot be reached fails in 10 s rather than 30.
 */
async function newContext(browser: Browser, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, bypassCSP: true });
  context.setDefaultTimeout(10_000);
  return context;
}

// ---- the tests -----------------------------------------------------------------------------------------

describe.skipIf(!shouldRunE2e())("accessibility: axe-core finds nothing serious on any screen", () => {
  const e2e = useE2eEnvironment({ tempDirPrefix: "tessera-a11y-" });
  let scene: Scene | undefined;
  const signedIn = new Map<Viewer, { context: BrowserContext; page: Page }>();
  const report = new Map<string, { impact: string; screens: Set<string>; elements: number }>();

  async function sceneOf(): Promise<Scene> {
    scene ??= await buildScene(e2e.server, e2e.dir);
    return scene;
  }

  /** One page per signed-in viewer, reused by every screen they look at; a fresh one for anonymous visitors. */
  async function pageFor(browser: Browser, screen: Screen): Promise<{ page: Page; close: () => Promise<void> }> {
    if (screen.as === "anonymous") {
      const context = await newContext(browser, screen.viewport ?? DESKTOP);
      return { page: await context.newPage(), close: () => context.close() };
    }
    let viewer = signedIn.get(screen.as);
    if (!viewer) {
      const context = await newContext(browser, DESKTOP);
      const page = await context.newPage();
      const email = screen.as === "platform" ? PLATFORM_ADMIN : OVERSEER;
      await signInAs(page, e2e.server.baseUrl, email, "/manage/profile");
      viewer = { context, page };
      signedIn.set(screen.as, viewer);
    }
    await viewer.page.setViewportSize(screen.viewport ?? DESKTOP);
    return { page: viewer.page, close: async () => undefined };
  }

  afterAll(async () => {
    for (const { context } of signedIn.values()) await context.close();
    if (process.env.A11Y_REPORT && report.size > 0) {
      const rows = [...report.entries()].sort(([a], [b]) => a.localeCompare(b));
      console.info(
        [
          "Every axe violation found, by rule (impact: screens, elements):",
          ...rows.map(
            ([rule, { impact, screens, elements }]) =>
              `  ${rule} (${impact}): ${screens.size} screen(s), ${elements} element(s)` +
              (screens.size <= 12 ? ` — ${[...screens].join("; ")}` : ""),
          ),
        ].join("\n"),
      );
    }
  });

  // A11Y_ONLY=<words> checks only the screens whose name holds them (while fixing one).
  const only = process.env.A11Y_ONLY?.toLowerCase();
  const checked = SCREENS.filter((screen) => !only || screen.name.toLowerCase().includes(only));
  it.each(checked.map((screen) => [screen.name, screen] as const))("%s", async (_name, screen) => {
    const { browser, server } = e2e;
    const current = await sceneOf();
    const { page, close } = await pageFor(browser, screen);
    try {
      const violations = await screenshotOnFailure(page, `a11y-${screen.name.replace(/\W+/g, "-")}`, async () => {
        await screen.before?.(page);
        await page.goto(new URL(screen.path(current), server.baseUrl).toString());
        await screen.reach(page, current);
        await settle(page);
        await screenshotFor(page, `a11y-${screen.name.replace(/\W+/g, "-")}`);
        return runAxe(page);
      });
      for (const violation of violations) {
        const entry = report.get(violation.rule) ?? {
          impact: violation.impact ?? "?",
          screens: new Set(),
          elements: 0,
        };
        entry.screens.add(screen.name);
        entry.elements += violation.elements.length;
        report.set(violation.rule, entry);
      }
      const failing = violations.filter((violation) => violation.impact && FAILING_IMPACTS.has(violation.impact));
      expect(failing.length, describeViolations(screen.name, failing)).toBe(0);
    } finally {
      await close();
    }
  });

  it("covers every route the web app declares", () => {
    const covered = new Set(SCREENS.flatMap((screen) => screen.routes ?? []));
    const missing = declaredRoutes().filter((route) => !covered.has(route));
    expect(
      missing,
      `Routes no screen of the sweep reaches (add them to SCREENS with routes: […]): ${missing.join(", ")}`,
    ).toEqual([]);
  });
});
