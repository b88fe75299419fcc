import { resources } from "@tessera/shared";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { Db } from "../../../api/src/db/knex.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { buildGuest } from "../../helpers/guests.ts";
import type { HttpClient } from "../../helpers/http.ts";
import { DeskPages } from "./CheckinPages.ts";

const web = resources.en.web;

/** The check-in part of the accessibility sweep: a session with a rule on an event of the account, its code. */
export interface CheckinScene {
  eventId: string;
  checkinId: string;
  /** The session's access code (its text is given once). */
  accessCode: string;
  /** Signed entry codes: let in (one for the welcome, one scanned twice), and one the rule leaves out. */
  codes: { welcome: string; twice: string; refused: string };
}

/**
 * Builds the scene on `event` through the API as `api` (an editor and up): three confirmed guests, a session
 * letting in the guests of the Café companies, showing their name, company and status, that scans exits, and
 * an access code.
 */
export async function buildCheckinScene(
  db: Db,
  api: HttpClient,
  accountId: string,
  event: Event,
): Promise<CheckinScene> {
  const guest = (firstName: string, lastName: string, company: string) =>
    buildGuest(db, event, { firstName, lastName, company, status: "confirmed" });
  const [ada, basile, hugo] = [
    await guest("Ada", "Lovelace", "Café Crème"),
    await guest("Basile", "Roux", "Café Noir"),
    await guest("Hugo", "Martin", "Boulangerie Martin"),
  ];
  const base = `/api/v1/events/${accountId}/${event.id}`;
  const session = await api.post(`${base}/checkins`, {
    name: "Main door",
    type: "online",
    conditions: { all: [{ guest: "company", op: "contains", value: "Café" }] },
    displayedFields: ["firstName", "lastName", "company", "status"],
    options: { exitScans: true },
  });
  expect(session.status, JSON.stringify(session.body)).toBe(201);
  const code = await api.post(`${base}/checkincodes`, { checkinId: session.body.id });
  expect(code.status, JSON.stringify(code.body)).toBe(201);
  // A desk signed in already: the session's editor lists it.
  const desk = await api.post("/api/v1/desk/session", { code: code.body.code, desk: "Hall desk" });
  expect(desk.status, JSON.stringify(desk.body)).toBe(201);
  const codeOf = async (guestId: string) => {
    const answer = await api.get(`${base}/users/${guestId}/entry-code`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.entryCode.code as string;
  };
  return {
    eventId: event.id,
    checkinId: session.body.id as string,
    accessCode: code.body.code as string,
    codes: { welcome: await codeOf(ada.id), twice: await codeOf(basile.id), refused: await codeOf(hugo.id) },
  };
}

const PHONE = { width: 360, height: 740 };
const TABLET = { width: 820, height: 1180 };

interface DeskScreen {
  name: string;
  as: "anonymous";
  path: (scene: { checkin: CheckinScene }) => string;
  reach: (page: Page, scene: { checkin: CheckinScene }) => Promise<void>;
  viewport?: { width: number; height: number };
  routes?: string[];
}

/** The desk signed in with the scene's code, then `then` (scans). */
const signedInDesk =
  (then?: (desk: DeskPages, scene: CheckinScene) => Promise<void>) =>
  async (page: Page, { checkin }: { checkin: CheckinScene }) => {
    const desk = new DeskPages(page);
    await desk.signIn(checkin.accessCode, "Door 1");
    await desk.waitForResult("idle");
    await then?.(desk, checkin);
  };

/** The desk in the browser, in the sweep's shape (anonymous visitors: no organizer session, a fresh page each). */
export const DESK_SCREENS: DeskScreen[] = [
  {
    name: "desk sign-in",
    as: "anonymous",
    path: () => "/desk",
    reach: async (page) => {
      await page.getByRole("heading", { name: web.desk.signIn.title, exact: true }).waitFor();
    },
    routes: ["/desk"],
  },
  {
    name: "desk sign-in in French, a wrong code",
    as: "anonymous",
    path: () => "/fr/desk",
    reach: async (page) => {
      const fr = resources.fr.web.desk.signIn;
      await page.getByLabel(fr.code, { exact: false }).fill("WRONG-CODE0");
      await page.getByLabel(fr.desk, { exact: false }).fill("Porte 2");
      await page.getByRole("button", { name: fr.submit, exact: true }).click();
      await page.getByRole("alert").filter({ hasText: resources.fr.errors.access_code_invalid }).waitFor();
    },
    viewport: PHONE,
  },
  { name: "desk, idle (phone)", as: "anonymous", path: () => "/desk", reach: signedInDesk(), viewport: PHONE },
  { name: "desk, idle (tablet)", as: "anonymous", path: () => "/desk", reach: signedInDesk(), viewport: TABLET },
  {
    name: "desk, welcome (phone)",
    as: "anonymous",
    path: () => "/desk",
    reach: signedInDesk(async (desk, scene) => {
      await desk.scanWithKeyboard(scene.codes.welcome);
      await desk.waitForResult("ok");
    }),
    viewport: PHONE,
  },
  {
    name: "desk, already checked in (tablet)",
    as: "anonymous",
    path: () => "/desk",
    reach: signedInDesk(async (desk, scene) => {
      await desk.scanWithKeyboard(scene.codes.twice);
      await desk.waitForResult("ok");
      await desk.scanWithKeyboard(scene.codes.twice);
      await desk.waitForResult("already_checked_in");
    }),
    viewport: TABLET,
  },
  {
    name: "desk, refused by the rule (phone)",
    as: "anonymous",
    path: () => "/desk",
    reach: signedInDesk(async (desk, scene) => {
      await desk.scanWithKeyboard(scene.codes.refused);
      await desk.waitForResult("not_allowed");
    }),
    viewport: PHONE,
  },
  {
    name: "desk, an unknown code, exits (phone)",
    as: "anonymous",
    path: () => "/desk",
    reach: signedInDesk(async (desk) => {
      await desk.page.getByText(web.desk.directions.out, { exact: true }).click();
      await desk.scanner().focus();
      await desk.scanWithKeyboard("T&;QBC)D8Ç");
      await desk.waitForResult("unknown");
    }),
    viewport: PHONE,
  },
  {
    name: "desk, a guest found by name",
    as: "anonymous",
    path: () => "/desk",
    reach: signedInDesk(async (desk) => {
      await desk.page.getByLabel(web.desk.search.label, { exact: false }).fill("Ada");
      await desk.page.getByTestId("search-hit").first().waitFor();
    }),
    viewport: TABLET,
  },
];
